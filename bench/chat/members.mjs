// Members and rooms for the chat benchmark, made through the real API: dev-portal sign-in →
// signup → login, then request → accept. Each member gets its own made-up client address so the
// per-IP sign-in limits (meant for people) do not throttle a thousand scripted signups.

const jar = (res, cookies = {}) => {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const i = pair.indexOf('=');
    cookies[pair.slice(0, i).trim()] = decodeURIComponent(pair.slice(i + 1));
  }
  return cookies;
};
const cookieHeader = (cookies) =>
  Object.entries(cookies)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('; ');

async function expectOk(res, what) {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res;
}

/** One new member: { memberId, token }. */
export async function signUp(base, index, runId) {
  const ip = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  const gender = index % 2 === 0 ? 'F' : 'M';
  const identity = {
    email: `bench-${runId}-${index}@bench.ongi.dev`,
    name: gender === 'F' ? `벤치${index}` : `체크${index}`,
    gender,
    birthday: '1995-05-05',
  };
  const headers = { 'CF-Connecting-IP': ip };
  const start = await expectOk(
    await fetch(`${base}/dev-portal/sign-in`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ identity }),
    }),
    'sign-in',
  );
  const cookies = jar(start);
  const data = {
    name: identity.name,
    email: identity.email,
    birthday: identity.birthday,
    age: 30,
    gender,
    lookingFor: gender === 'F' ? 'M' : 'F',
    providerType: 'NAVER',
    interests: ['여행', '음악'],
    agreements: {
      SERVICE_USE: true,
      PRIVACY: true,
      SENSITIVE_INFO: true,
      LOCATION: false,
      OVER_14: true,
      MARKETING: false,
    },
  };
  const form = new FormData();
  form.append('data', new Blob([JSON.stringify(data)], { type: 'application/json' }));
  const signup = await expectOk(
    await fetch(`${base}/api/member/profile`, {
      method: 'POST',
      headers: { ...headers, Cookie: cookieHeader(cookies) },
      body: form,
    }),
    'signup',
  );
  const memberId = Number(await signup.json());
  jar(signup, cookies);
  const login = await expectOk(
    await fetch(`${base}/login/${memberId}`, {
      method: 'POST',
      headers: { ...headers, Cookie: cookieHeader(cookies) },
    }),
    'login',
  );
  const { accessToken } = await login.json();
  return { memberId, token: accessToken };
}

const bearer = (token) => ({ Authorization: `Bearer ${token}` });

/** a asks b, b accepts: the room id. */
export async function openRoom(base, a, b) {
  const req = await expectOk(
    await fetch(`${base}/api/on/matching/request/${b.memberId}`, { method: 'POST', headers: bearer(a.token) }),
    'request',
  );
  const { matchingId } = await req.json();
  const acc = await expectOk(
    await fetch(`${base}/api/on/chat-rooms/matchings/${matchingId}/accept`, {
      method: 'POST',
      headers: bearer(b.token),
    }),
    'accept',
  );
  return (await acc.json()).chatRoomId;
}

export async function roomTicket(base, member, roomId) {
  const res = await expectOk(
    await fetch(`${base}/api/on/chat-rooms/${roomId}/ws-ticket`, { method: 'POST', headers: bearer(member.token) }),
    'ticket',
  );
  return (await res.json()).ticket;
}

/** Runs `fn` over `items` with at most `limit` in flight. */
export async function pool(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
