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

/**
 * Retries a step when the local runtime drops a request (it restarts workerd now and then on a
 * busy shared machine); the benchmark measures chat, not that.
 */
export async function retrying(what, fn, attempts = 5) {
  for (let i = 1; ; i++) {
    try {
      return await fn(i);
    } catch (err) {
      if (i >= attempts) throw err;
      console.warn(`  ${what} failed (${err.message.split('\n')[0]}), retrying…`);
      await new Promise((r) => setTimeout(r, 1000 * i));
    }
  }
}

/** One new member: { memberId, token }. A retry signs up a fresh identity. */
export const signUp = (base, index, runId) =>
  retrying(`signup ${index}`, (attempt) => signUpOnce(base, index, `${runId}${attempt > 1 ? `r${attempt}` : ''}`));

async function signUpOnce(base, index, runId) {
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
  // 본인확인 through the dev portal's PortOne emulation: verify as this person, bind to the session.
  const identityVerificationId = `bench-${runId}-${index}`.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64);
  await expectOk(
    await fetch(`${base}/dev-portal/portone/verify`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        identityVerificationId,
        customer: {
          name: identity.name,
          birthDate: identity.birthday,
          gender: gender === 'F' ? 'FEMALE' : 'MALE',
          phoneNumber: phoneOf(identity.email),
        },
      }),
    }),
    'identity verification',
  );
  await expectOk(
    await fetch(`${base}/api/member/identity`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json', Cookie: cookieHeader(cookies) },
      body: JSON.stringify({ identityVerificationId }),
    }),
    'identity binding',
  );
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
      OVER_19: true,
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

/** A phone number of its own for each email (the emulated CI is a function of name, birth date and phone). */
function phoneOf(email) {
  let h = 2166136261;
  for (const ch of email) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return `010${String(h % 100_000_000).padStart(8, '0')}`;
}

const bearer = (token) => ({ Authorization: `Bearer ${token}` });

/** a asks b, b accepts: the room id. */
export const openRoom = (base, a, b) => retrying('room', () => openRoomOnce(base, a, b));

async function openRoomOnce(base, a, b) {
  const existing = await fetch(`${base}/api/on/chat-rooms`, { headers: bearer(a.token) });
  if (existing.ok) {
    const room = (await existing.json()).find((r) => r.opponentMemberId === b.memberId);
    if (room) return room.chatRoomId;
  }
  const req = await fetch(`${base}/api/on/matching/request/${b.memberId}`, {
    method: 'POST',
    headers: bearer(a.token),
  });
  let matchingId;
  if (req.status === 409) {
    // An earlier attempt got as far as the request: answer that one.
    const pending = await (await fetch(`${base}/api/on/chat-rooms/pending`, { headers: bearer(b.token) })).json();
    matchingId = pending.find((p) => p.opponentMemberId === a.memberId)?.matchingId;
  } else {
    matchingId = (await (await expectOk(req, 'request')).json()).matchingId;
  }
  const acc = await expectOk(
    await fetch(`${base}/api/on/chat-rooms/matchings/${matchingId}/accept`, {
      method: 'POST',
      headers: bearer(b.token),
    }),
    'accept',
  );
  return (await acc.json()).chatRoomId;
}

export const roomTicket = (base, member, roomId) => retrying('ticket', () => roomTicketOnce(base, member, roomId));

async function roomTicketOnce(base, member, roomId) {
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
