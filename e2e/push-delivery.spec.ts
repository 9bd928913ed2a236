// Web Push end to end, without a browser (docs/notifications.md "Web Push"): a local receiver on 127.0.0.1 (accepted as a
// push endpoint only because DEV_PORTAL=true) with real P-256 keys is subscribed for two members;
// real API calls trigger each kind; the Worker's queue consumer encrypts and sends; the receiver
// decrypts with its private key and the test checks the Korean title, text and link. Quiet hours
// stop the push while the in-app list still fills.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { decryptPushMessage, newReceiver, subscriptionJson, type Receiver } from '../worker/test/helpers/push';
import { CONSOLE, signInAdminApi } from './support/admin';
import { exclusive, HOLDS } from './support/exclusive';
import { newIdentity, signUpViaApi } from './support/members';

// This file needs the service worker (the suite blocks it elsewhere: e2e/playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

type Payload = { title: string; body: string; link: string; tag?: string };
type Device = { receiver: Receiver; path: string; got: Payload[] };

let server: Server;
let origin = '';
const devices = new Map<string, Device>();

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const device = devices.get(req.url ?? '');
      if (req.method !== 'POST' || !device || req.headers['content-encoding'] !== 'aes128gcm') {
        res.writeHead(404).end();
        return;
      }
      decryptPushMessage(new Uint8Array(Buffer.concat(chunks)), device.receiver)
        .then((plain) => {
          device.got.push(JSON.parse(new TextDecoder().decode(plain)) as Payload);
          res.writeHead(201).end();
        })
        .catch(() => res.writeHead(400).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

type Member = { id: number; name: string; token: string; device: Device };

async function member(request: APIRequestContext, gender: 'M' | 'F', name: string): Promise<Member> {
  const identity = newIdentity({ gender, name, birthday: gender === 'M' ? '1994-03-03' : '1995-04-04' });
  const id = await signUpViaApi(request, identity);
  const signIn = await request.post('/dev-portal/sign-in', { data: { identity: { email: identity.email } } });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const device: Device = { receiver: await newReceiver(), path: `/push/${id}`, got: [] };
  devices.set(device.path, device);
  const auth = { Authorization: `Bearer ${accessToken}` };
  const sub = await request.post('/api/on/push/subscriptions', {
    headers: auth,
    data: subscriptionJson(device.receiver, `${origin}${device.path}`),
  });
  expect(sub.ok(), await sub.text()).toBeTruthy();
  // Whatever the hour of the run, quiet hours off for the delivery checks (turned on below).
  await settings(request, accessToken, { enabled: false, start: '22:00', end: '08:00' });
  return { id, name, token: accessToken, device };
}

async function settings(request: APIRequestContext, token: string, quietHours: object) {
  const res = await request.put('/api/on/notifications/settings', {
    headers: { Authorization: `Bearer ${token}` },
    data: { push: {}, quietHours },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

const as = (m: Member) => ({ Authorization: `Bearer ${m.token}` });

/** Waits for a push with this title at the member's receiver and returns it. */
/**
 * The first push to `m` with `title` (and, where given, matching `which`: a notice another spec
 * posts at the same time reaches every member's device too).
 */
async function pushed(m: Member, title: string, which: (p: Payload) => boolean = () => true): Promise<Payload> {
  const match = (p: Payload) => p.title === title && which(p);
  await expect.poll(() => m.device.got.some(match), { timeout: 20_000, message: `push "${title}"` }).toBe(true);
  const found = m.device.got.find(match);
  if (!found) throw new Error(`no push "${title}"`);
  return found;
}

test('every kind reaches a subscribed device as a decrypted Web Push with its Korean text and link', async ({
  request,
  playwright,
}) => {
  const a = await member(request, 'M', '푸시민호');
  const b = await member(request, 'F', '푸시서연');

  // 채팅 요청 (with the intro) → b; 수락 → a.
  const req = await request.post(`/api/on/matching/request/${b.id}`, {
    headers: as(a),
    data: { intro: '주말에 전시 보러 가는 거 좋아하세요?' },
  });
  expect(req.ok(), await req.text()).toBeTruthy();
  const request1 = await pushed(b, '채팅 요청이 왔어요');
  expect(request1.body).toBe('푸시민호님이 채팅을 요청했어요: “주말에 전시 보러 가는 거 좋아하세요?”');
  expect(request1.link).toBe('/chatting?tab=requests');
  const pending = (await (await request.get('/api/on/chat-rooms/pending', { headers: as(b) })).json()) as {
    matchingId: number;
  }[];
  const accept = await request.post(`/api/on/chat-rooms/matchings/${pending[0]?.matchingId}/accept`, {
    headers: as(b),
  });
  expect(accept.ok(), await accept.text()).toBeTruthy();
  const accepted = await pushed(a, '요청을 수락했어요');
  expect(accepted.body).toBe('푸시서연님이 채팅 요청을 수락했어요. 지금 대화를 시작해 보세요');

  // 마음 → b; 서로 마음 → a (b hearts back).
  expect((await request.put(`/api/on/heart/${b.id}`, { headers: as(a) })).ok()).toBeTruthy();
  const heart = await pushed(b, '마음을 받았어요');
  expect(heart).toMatchObject({ body: '푸시민호님이 마음을 보냈어요', link: `/profile/${a.id}` });
  expect((await request.put(`/api/on/heart/${a.id}`, { headers: as(b) })).ok()).toBeTruthy();
  const mutual = await pushed(a, '서로 마음이에요');
  // Their chat is already open (accepted above): the notice points there, not to a request (docs/notifications.md "Kinds").
  expect(mutual.body).toBe('푸시서연님과 서로 마음이에요. 채팅방에서 이야기를 이어 가 보세요');

  // 댓글 and 좋아요 on b's post → b.
  const created = await request.post('/api/on/community/posts', {
    headers: as(b),
    multipart: {
      request: {
        name: 'request.json',
        mimeType: 'application/json',
        buffer: Buffer.from(
          JSON.stringify({ category: 'FREE', title: '푸시 확인 글', content: '알림이 잘 오는지 봐요' }),
        ),
      },
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const post = (await created.json()) as { id: number };
  const comment = await request.post(`/api/on/community/posts/${post.id}/comments`, {
    headers: { ...as(a), 'content-type': 'application/json' },
    data: JSON.stringify({ content: '저도 궁금했어요' }),
  });
  expect(comment.ok(), await comment.text()).toBeTruthy();
  const commented = await pushed(b, '내 글에 댓글');
  expect(commented).toMatchObject({
    body: '푸시민호님이 내 글에 댓글을 남겼어요: “저도 궁금했어요”',
    link: `/communityList?post=${post.id}`,
  });
  expect((await request.post(`/api/on/community/${post.id}/like`, { headers: as(a) })).ok()).toBeTruthy();
  expect((await pushed(b, '내 글에 좋아요')).body).toBe('푸시민호님이 내 글을 좋아해요');

  // 새 공지 (to every member) and 신고 처리 결과 (to the reporter), from the console.
  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await signInAdminApi(admin);
  // Not while notifications.spec counts bells (e2e/support/exclusive.ts); its members joined later get none.
  const notice = await exclusive(HOLDS.noticeFanOut, () =>
    admin.post('/notices/create', {
      headers: CONSOLE,
      data: { title: '푸시 점검 안내', content: '알림 점검이 있어요.' },
    }),
  );
  expect(notice.ok(), await notice.text()).toBeTruthy();
  const { id: noticeId } = (await notice.json()) as { id: number };
  expect(await pushed(a, '새 공지', (p) => p.link === `/notices/${noticeId}`)).toMatchObject({
    body: '새 공지가 올라왔어요: 푸시 점검 안내',
    link: `/notices/${noticeId}`,
  });
  const report = await request.post('/api/on/report', {
    headers: as(b),
    data: { targetMemberId: a.id, reasonType: 'OTHER', content: '푸시 확인용 신고예요' },
  });
  expect(report.ok(), await report.text()).toBeTruthy();
  const { id: reportId } = (await report.json()) as { id: number };
  expect((await admin.patch(`/admin/reports/${reportId}/accept`, { headers: CONSOLE })).ok()).toBeTruthy();
  const result = await pushed(b, '신고 처리 결과');
  expect(result.body).toMatch(/에 보내 주신 신고를 검토하고 운영 정책에 따라 조치했어요/);
  expect(result.link).toBe('/notifications');
  await admin.dispose();
});

test('in quiet hours nothing is pushed, while the in-app list still fills', async ({ request }) => {
  const a = await member(request, 'M', '조용민준');
  const b = await member(request, 'F', '조용지아');
  // Quiet hours around "now" on the Korean clock (start an hour ago, end two hours on).
  const kst = new Date(Date.now() + 9 * 3600_000);
  const hhmm = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
  await settings(request, b.token, {
    enabled: true,
    start: hhmm(kst.getUTCHours() - 1),
    end: hhmm(kst.getUTCHours() + 2),
  });

  expect((await request.put(`/api/on/heart/${b.id}`, { headers: as(a) })).ok()).toBeTruthy();
  // The list has it at once…
  const list = (await (await request.get('/api/on/notifications', { headers: as(b) })).json()) as {
    content: { kind: string; text: string; read: boolean }[];
  };
  expect(list.content[0]).toMatchObject({ kind: 'HEART', text: '조용민준님이 마음을 보냈어요', read: false });
  // …and a control push to a, sent after b's, arrives while b's receiver stays empty.
  expect((await request.put(`/api/on/heart/${a.id}`, { headers: as(b) })).ok()).toBeTruthy();
  await pushed(a, '서로 마음이에요');
  expect(b.device.got).toEqual([]);
});
