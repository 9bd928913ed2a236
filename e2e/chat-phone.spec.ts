// Chat on a phone (docs/chat.md "The page (`/chatting`)"): the list and a room are separate full-screen views (back button and
// browser back, shared links, someone else's room), the composer and the newest message stay in
// view when the keyboard (a shorter viewport) or the emoji sheet takes space, read receipts ("1"),
// 입력 중…, a GPS-tagged JPEG sent from the composer, unsending, and a request's intro in 요청.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { CAMERA_MAKE, GPS_LATITUDE_RATIONALS, indexOfBytes, jpegWithMetadata } from '../worker/test/media/fixtures';
import { expectNoSeriousA11yViolations } from './support/axe';
import { declinePushOptIn, type Identity, newIdentity, signInAs, signUpViaApi } from './support/members';

const PHONE = { width: 390, height: 844 };

type Member = { page: Page; memberId: number; token: string };

async function member(browser: Browser, identity: Identity, viewport = PHONE): Promise<Member> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await declinePushOptIn(page);
  const memberId = await signUpViaApi(page.request, identity);
  const { accessToken } = await signInAs(page, identity.email);
  return { page, memberId, token: accessToken };
}

const auth = (m: Member) => ({ Authorization: `Bearer ${m.token}` });

async function talkingPair(browser: Browser, names: [string, string], viewports = [PHONE, PHONE]) {
  const a = await member(browser, newIdentity({ name: names[0], gender: 'F' }), viewports[0]);
  const b = await member(browser, newIdentity({ name: names[1], gender: 'M', birthday: '1992-02-02' }), viewports[1]);
  const req = await a.page.request.post(`/api/on/matching/request/${b.memberId}`, { headers: auth(a) });
  expect(req.ok(), await req.text()).toBeTruthy();
  const { matchingId } = (await req.json()) as { matchingId: number };
  const acc = await b.page.request.post(`/api/on/chat-rooms/matchings/${matchingId}/accept`, { headers: auth(b) });
  expect(acc.ok(), await acc.text()).toBeTruthy();
  const { chatRoomId } = (await acc.json()) as { chatRoomId: number };
  return { a, b, roomId: chatRoomId };
}

/** Whether the element's box lies wholly inside the page's viewport. */
async function expectInViewport(page: Page, target: Locator) {
  const box = await target.boundingBox();
  const viewport = page.viewportSize();
  expect(box, 'has a box').not.toBeNull();
  if (!box || !viewport) return;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
}

async function say(page: Page, text: string) {
  const input = page.getByLabel('메시지 입력');
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue('');
}

test('a room is its own screen on a phone: open it, go back by button and by browser back, shared links', async ({
  browser,
}) => {
  const { a, b, roomId } = await talkingPair(browser, ['문가은', '백시우']);
  const page = a.page;
  await page.goto('/chatting');
  const open = page.getByRole('button', { name: '백시우님과의 대화 열기' });
  await open.click();
  await expect(page).toHaveURL(new RegExp(`/chatting/${roomId}$`));
  const log = page.getByRole('log', { name: '백시우님과의 대화' });
  await expect(log).toBeVisible();
  // Full screen: the list is gone, the room's name is the page heading, the back button shows.
  await expect(open).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: '백시우' })).toBeVisible();
  const room = page.getByRole('region', { name: '백시우님과의 대화' });
  const box = await room.boundingBox();
  expect(box).toMatchObject({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
  await expectNoSeriousA11yViolations(page, '/chatting/{id} phone');

  await page.getByRole('button', { name: '대화 목록으로 돌아가기' }).click();
  await expect(page).toHaveURL(/\/chatting$/);
  await expect(open).toBeVisible();
  await expect(log).toHaveCount(0);

  await open.click();
  await expect(log).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/chatting$/);
  await expect(open).toBeVisible();

  // A shared link opens the room directly; its back button still leads to the list.
  await page.goto(`/chatting/${roomId}`);
  await expect(log).toBeVisible();
  await page.getByRole('button', { name: '대화 목록으로 돌아가기' }).click();
  await expect(page).toHaveURL(/\/chatting$/);
  await expect(open).toBeVisible();

  // Someone else's room: the friendly not-found state, with the way back.
  const third = await member(browser, newIdentity({ name: '남궁별', gender: 'F' }));
  await third.page.goto(`/chatting/${roomId}`);
  await expect(third.page.getByRole('heading', { name: '대화를 찾을 수 없어요' })).toBeVisible();
  await expectNoSeriousA11yViolations(third.page, '/chatting/{id} not found phone');
  await third.page.getByRole('link', { name: '대화 목록 보기' }).click();
  await expect(third.page).toHaveURL(/\/chatting$/);
  void b;
});

test('a shorter viewport (the keyboard) and the emoji sheet keep the composer and the newest message in view', async ({
  browser,
}) => {
  const { a, b, roomId } = await talkingPair(browser, ['서하윤', '길태윤']);
  // Enough to scroll, within the room's 10-per-10 s limit: long messages.
  await b.page.goto(`/chatting/${roomId}`);
  for (let i = 1; i <= 8; i++) await say(b.page, `메시지 ${i}번이에요\n둘째 줄\n셋째 줄`);
  await say(b.page, '메시지 14번이에요');
  const page = a.page;
  await page.goto(`/chatting/${roomId}`);
  const log = page.getByRole('log', { name: '길태윤님과의 대화' });
  const last = log.getByText('메시지 14번이에요');
  await expect(last).toBeVisible();
  const input = page.getByLabel('메시지 입력');
  await input.click();
  await expectInViewport(page, input);
  await expectInViewport(page, last);

  // The same sender's messages of one minute show their time once (9 messages; docs/chat.md "The page (`/chatting`)").
  expect(await log.locator('time.bubble-time').count()).toBeLessThan(9);
  // The placeholder fits on one line; the box grows with the text to five lines,
  // then scrolls, and shrinks back once sent.
  const fits = await input.evaluate((el: HTMLTextAreaElement) => {
    const cs = getComputedStyle(el);
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) return false;
    ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    return ctx.measureText(el.placeholder).width <= room;
  });
  expect(fits).toBe(true);
  const one = (await input.boundingBox())?.height ?? 0;
  await input.fill('첫 줄\n둘째 줄');
  await expect.poll(async () => (await input.boundingBox())?.height ?? 0).toBeGreaterThan(one + 10);
  await input.fill('1\n2\n3\n4\n5\n6\n7\n8');
  const tall = await input.evaluate((el) => ({
    h: el.clientHeight,
    sh: el.scrollHeight,
    oy: getComputedStyle(el).overflowY,
  }));
  expect(tall.sh).toBeGreaterThan(tall.h);
  expect(tall.oy).toBe('auto');
  expect((await input.boundingBox())?.height ?? 0).toBeLessThan(one * 4);
  await input.fill('');
  await expect.poll(async () => (await input.boundingBox())?.height ?? 0).toBeLessThanOrEqual(one + 1);

  // The room header's ⋮ menu opens above the full-screen room.
  await page.getByRole('button', { name: '채팅방 메뉴' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['신고하기', '차단하기', '데이트 공유', '나가기']);
  await page.getByRole('menuitem', { name: '신고하기' }).click({ trial: true });
  await expectNoSeriousA11yViolations(page, '/chatting/{id} room menu phone');
  await page.keyboard.press('Escape');
  await input.click();

  // The keyboard opens: 844 → 500 tall.
  await page.setViewportSize({ width: 390, height: 500 });
  await expect.poll(async () => (await input.boundingBox())?.y ?? 9999).toBeLessThan(500);
  await expectInViewport(page, input);
  await expectInViewport(page, page.getByRole('button', { name: '보내기', exact: true }));
  await expect
    .poll(async () => {
      const box = await last.boundingBox();
      return box ? box.y + box.height : 9999;
    })
    .toBeLessThanOrEqual(500);
  await expectInViewport(page, last);

  // A new message while the keyboard is up lands in view too.
  await say(b.page, '키보드가 올라와도 보여요');
  const newest = log.getByText('키보드가 올라와도 보여요');
  await expect(newest).toBeVisible();
  await expect
    .poll(async () => {
      const box = await newest.boundingBox();
      return box ? box.y + box.height : 9999;
    })
    .toBeLessThanOrEqual(500);

  // The emoji sheet pushes the conversation up instead of covering it; keyboard use stays the same.
  await page.setViewportSize(PHONE);
  const toggle = page.getByRole('button', { name: '이모지 고르기' });
  await toggle.click();
  const grid = page.getByRole('grid', { name: '이모지 고르기' });
  await expect(grid).toBeVisible();
  await expect(page.getByRole('button', { name: '😀 넣기' })).toBeFocused();
  await expectInViewport(page, grid);
  await expectInViewport(page, newest);
  const gridBox = await grid.boundingBox();
  const newestBox = await newest.boundingBox();
  expect(newestBox && gridBox && newestBox.y + newestBox.height <= gridBox.y).toBeTruthy();
  await expectNoSeriousA11yViolations(page, '/chatting/{id} emoji sheet phone');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('button', { name: '😃 넣기' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(grid).toHaveCount(0);
  await expect(toggle).toBeFocused();
});

test('read receipts and typing: "1" until the other opens the room, 입력 중… comes and goes', async ({ browser }) => {
  const { a, b, roomId } = await talkingPair(browser, ['조은별', '하도겸']);
  const page = a.page;
  await page.goto(`/chatting/${roomId}`);
  const log = page.getByRole('log', { name: '하도겸님과의 대화' });
  await expect(log).toBeVisible();
  await say(page, '읽으면 1이 사라져요');
  const row = log.locator('.bubble-row', { hasText: '읽으면 1이 사라져요' });
  await expect(row.getByText('안 읽음')).toHaveCount(1);
  await expect(row.locator('.bubble-unread')).toHaveText(/1/);

  // 도겸 opens the room: the "1" goes away live.
  await b.page.goto(`/chatting/${roomId}`);
  await expect(b.page.getByRole('log', { name: '조은별님과의 대화' }).getByText('읽으면 1이 사라져요')).toBeVisible();
  await expect(row.getByText('안 읽음')).toHaveCount(0);

  // 도겸 types: 입력 중… shows for 은별, then goes away ~4 s after the last keystroke.
  const typing = page.getByText('입력 중…');
  await expect(typing).toHaveCount(0);
  // Typing before 도겸's socket is ready is told once it is (RoomClient); waiting for it here keeps
  // the relay window (typingShowMs) from starting before a busy machine has connected him.
  await expect(b.page.locator('section.chat-room[data-connection="open"]')).toHaveCount(1, { timeout: 20_000 });
  await b.page.getByLabel('메시지 입력').click();
  await b.page.keyboard.type('지금 쓰는 중');
  await expect(typing).toBeVisible();
  await expect(page.locator('.chat-room__typing')).toHaveAttribute('aria-live', 'polite');
  await expect(typing).toHaveCount(0, { timeout: 8_000 });

  // A reload keeps the read mark (ready frame): still no "1".
  await page.reload();
  await expect(log.getByText('읽으면 1이 사라져요')).toBeVisible();
  await expect(log.getByText('안 읽음')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, '/chatting/{id} receipts phone');
});

test('a GPS-tagged JPEG from the composer arrives as an image on the other side; nobody else gets its link', async ({
  browser,
}) => {
  const { a, b, roomId } = await talkingPair(browser, ['유채원', '차민혁']);
  await b.page.goto(`/chatting/${roomId}`);
  const logB = b.page.getByRole('log', { name: '유채원님과의 대화' });
  await expect(logB).toBeVisible();
  const page = a.page;
  await page.goto(`/chatting/${roomId}`);
  await expect(page.getByRole('button', { name: '사진 올리기' })).toBeVisible();

  // A GIF is refused in the page with the Korean message.
  await page.getByLabel('보낼 사진 고르기').setInputFiles({
    name: 'moving.gif',
    mimeType: 'image/gif',
    buffer: Buffer.from('GIF89a'),
  });
  await expect(page.getByRole('alert')).toHaveText('JPG, PNG 사진만 올릴 수 있어요');

  const { file } = jpegWithMetadata(96, 80);
  expect(indexOfBytes(file, GPS_LATITUDE_RATIONALS)).toBeGreaterThan(0);
  await page.getByLabel('보낼 사진 고르기').setInputFiles({
    name: 'walk.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from(file),
  });
  const mine = page.getByRole('button', { name: '내가 보낸 사진, 사진 크게 보기' });
  await expect(mine).toBeVisible();
  // A first photo from someone not yet answered arrives blurred (docs/safety.md "In chat"): 사진 보기.
  await logB.getByRole('button', { name: '유채원님이 보낸 사진 보기' }).click();
  const theirs = logB.getByRole('button', { name: '유채원님이 보낸 사진, 사진 크게 보기' });
  await expect(theirs).toBeVisible();
  const src = await theirs.locator('img').getAttribute('src');
  expect(src).toMatch(/^\/api\/chat-media\//);

  // The other member's link serves the photo without its metadata.
  const got = await b.page.request.get(src ?? '');
  expect(got.status()).toBe(200);
  expect(got.headers()['content-type']).toBe('image/jpeg');
  const bytes = new Uint8Array(await got.body());
  expect(indexOfBytes(bytes, GPS_LATITUDE_RATIONALS)).toBe(-1);
  expect(indexOfBytes(bytes, new TextEncoder().encode(CAMERA_MAKE))).toBe(-1);

  // A third member can neither read the room's history (where links come from) nor a link
  // altered to another photo key or with a forged signature.
  const third = await member(browser, newIdentity({ name: '탁세아', gender: 'F' }));
  const history = await third.page.request.get(`/api/on/chat-rooms/${roomId}/messages`, { headers: auth(third) });
  expect(history.status()).toBe(404);
  const forged = (src ?? '').replace(/sig=([^&]+)/, (_m, sig: string) => `sig=${sig.slice(0, -2)}AA`);
  expect((await third.page.request.get(forged)).status()).toBe(404);
  const key = new URL(src ?? '', 'http://x').pathname.replace('/api/chat-media/', '');
  expect((await third.page.request.get(`/media/${key}`)).status()).toBe(404);

  // Tap to view full screen; Escape closes it and focus returns to the photo.
  await theirs.click();
  const viewer = b.page.getByRole('dialog', { name: '사진 보기' });
  await expect(viewer).toBeVisible();
  await expectNoSeriousA11yViolations(b.page, '/chatting/{id} photo viewer phone');
  await b.page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(theirs).toBeFocused();
  await expect(b.page.getByRole('region', { name: '유채원님과의 대화' })).toBeVisible();
  await expect(b.page.getByText('사진을 보냈어요')).toHaveCount(0);
  void b;
});

test('답장 and unsending: a reply quotes its original; 삭제 shows 삭제된 메시지예요 on both sides, quotes too', async ({
  browser,
}) => {
  const { a, b, roomId } = await talkingPair(browser, ['강나래', '임도하'], [PHONE, { width: 1280, height: 800 }]);
  await b.page.goto(`/chatting/${roomId}`);
  const logB = b.page.getByRole('log', { name: '강나래님과의 대화' });
  await expect(logB).toBeVisible();
  const page = a.page;
  await page.goto(`/chatting/${roomId}`);
  const log = page.getByRole('log', { name: '임도하님과의 대화' });
  await say(page, '잘못 보낸 말이에요');
  await expect(logB.getByText('잘못 보낸 말이에요')).toBeVisible();
  // A message's own bubble (a reply's quote of it is not).
  const bubbleRow = (l: typeof log, text: string) =>
    l.locator('.bubble-row', { has: l.page().locator('p.bubble', { hasText: text }) });

  // Their message's menu replies and copies; 답장 quotes it in the composer and the reply carries it.
  await bubbleRow(logB, '잘못 보낸 말이에요').getByRole('button', { name: '메시지 메뉴' }).click();
  await expect(b.page.getByRole('menuitem')).toHaveText(['답장', '복사하기']);
  await b.page.getByRole('menuitem', { name: '답장' }).click();
  const composerB = b.page.locator('form.composer');
  await expect(composerB.getByText('강나래님에게 답장')).toBeVisible();
  await expect(b.page.getByLabel('메시지 입력')).toBeFocused();
  await expectNoSeriousA11yViolations(b.page, '/chatting/{id} composer replying desktop');
  await say(b.page, '무슨 말이었어요?');
  await expect(composerB.getByText('강나래님에게 답장')).toHaveCount(0);
  const reply = bubbleRow(log, '무슨 말이었어요?');
  await expect(reply.getByText('나에게 답장')).toBeVisible();
  await expect(reply.locator('.reply-quote')).toContainText('잘못 보낸 말이에요');

  // Mine also unsends.
  await bubbleRow(log, '잘못 보낸 말이에요').getByRole('button', { name: '메시지 메뉴' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['답장', '복사하기', '삭제']);
  await page.getByRole('menuitem', { name: '삭제' }).click();
  const confirm = page
    .getByRole('alertdialog', { name: '메시지를 삭제할까요?' })
    .or(page.getByRole('dialog', { name: '메시지를 삭제할까요?' }));
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/chatting/{id} unsend confirm phone');
  await confirm.getByRole('button', { name: '삭제하기' }).click();
  // The message and the reply's quote of it: 삭제된 메시지예요 on both sides, its words nowhere.
  await expect(log.getByText('삭제된 메시지예요')).toHaveCount(2);
  await expect(log.getByText('잘못 보낸 말이에요')).toHaveCount(0);
  await expect(logB.getByText('삭제된 메시지예요')).toHaveCount(2);
  await expect(logB.getByText('잘못 보낸 말이에요')).toHaveCount(0);
  await expect(log.locator('.bubble-row', { hasText: '삭제된 메시지예요' }).first().getByRole('button')).toHaveCount(0);
  // After a reload too.
  await b.page.reload();
  await expect(logB.getByText('삭제된 메시지예요')).toHaveCount(2);
  await expect(logB.getByText('잘못 보낸 말이에요')).toHaveCount(0);
  await expectNoSeriousA11yViolations(b.page, '/chatting/{id} desktop after unsend');
});

test('a request with an intro shows it and its expiry in the 요청 tab (?tab=requests)', async ({ browser }) => {
  const a = await member(browser, newIdentity({ name: '봉수아', gender: 'F' }));
  const b = await member(browser, newIdentity({ name: '위재현', gender: 'M', birthday: '1991-01-01' }));
  const req = await a.page.request.post(`/api/on/matching/request/${b.memberId}`, {
    headers: auth(a),
    data: { intro: '산책 좋아하세요? 주말에 같이 걸어요 🌿' },
  });
  expect(req.ok(), await req.text()).toBeTruthy();
  const errors: string[] = [];
  b.page.on('pageerror', (e) => errors.push(e.message));
  await b.page.goto('/chatting?tab=requests');
  await expect(b.page.getByRole('heading', { level: 1, name: '채팅' })).toBeVisible();
  expect(errors).toEqual([]);
  await expect(b.page.getByRole('tab', { name: /요청/ })).toHaveAttribute('aria-selected', 'true');
  const list = b.page.getByRole('list', { name: '받은 채팅 요청' });
  await expect(list.getByText('산책 좋아하세요? 주말에 같이 걸어요 🌿')).toBeVisible();
  await expect(list.getByText('7일 후 만료')).toBeVisible();
  await expectNoSeriousA11yViolations(b.page, '/chatting?tab=requests phone');
});
