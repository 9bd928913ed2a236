// In-app calls (docs/voice.md "Calls") on a phone, between two browser contexts on loopback with
// Chromium's fake camera and microphone: a video call that connects (media bytes both ways, read
// from the call screen's getStats hook), mute, hang up, the call line in both rooms; then a call
// ended by a block while it rings; and a callee on another screen (desktop) rung by the live channel.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { auth, chatMember, openRoom } from './support/chat';
import { newIdentity, type Identity } from './support/members';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A member with the fake camera and microphone granted, on a phone-sized context unless `viewport`. */
const member = (browser: Browser, identity: Identity, viewport = PHONE) =>
  chatMember(browser, identity, { viewport, camera: true, microphone: true });

/** The caller proposes a call from the room's 통화하기 menu. */
async function proposeCall(page: Page, kind: '음성 통화' | '영상 통화'): Promise<void> {
  const callButton = page.getByRole('button', { name: '통화하기' });
  await expect(callButton).toBeEnabled();
  await callButton.click();
  await page.getByRole('menuitem', { name: kind }).click();
}

/** Media bytes the call screen's getStats hook reports. */
async function bytes(page: Page): Promise<{ received: number; sent: number }> {
  const stats = page.getByTestId('call-stats');
  return {
    received: Number(await stats.getAttribute('data-bytes-received')),
    sent: Number(await stats.getAttribute('data-bytes-sent')),
  };
}

test('a video call between two phones connects both ways, mutes, hangs up and leaves a call line; a block ends a ringing call', async ({
  browser,
}) => {
  // Two browser contexts with live media and three axe scans: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const a = await member(browser, newIdentity({ name: '한지아', gender: 'F' }));
  const b = await member(browser, newIdentity({ name: '오태윤', gender: 'M', birthday: '1991-03-03' }));
  const chatRoomId = await openRoom(a, b);

  await Promise.all([a.page.goto(`/chatting/${chatRoomId}`), b.page.goto(`/chatting/${chatRoomId}`)]);
  for (const m of [a, b]) await expect(m.page.getByRole('log')).toBeVisible();
  await proposeCall(a.page, '영상 통화');

  // The callee's sheet: who calls, accept / decline.
  const sheet = b.page.getByRole('alertdialog', { name: '한지아님의 영상 통화' });
  await expect(sheet).toBeVisible();
  await expect(a.page.getByTestId('call-phase')).toHaveText('상대가 받기를 기다리는 중…');
  await expectNoSeriousA11yViolations(b.page, '/chatting/{id} incoming call');
  const acceptedAt = Date.now();
  await sheet.getByRole('button', { name: '받기' }).click();

  // Connected on both sides, media flowing both ways.
  for (const m of [a, b]) await expect(m.page.getByTestId('call-phase')).toHaveText('통화 중', { timeout: 20_000 });
  const setupMs = Date.now() - acceptedAt;
  console.log(`call set-up (accept → both connected): ${setupMs} ms`);
  await expect
    .poll(async () => {
      const [sa, sb] = await Promise.all([bytes(a.page), bytes(b.page)]);
      return sa.received > 0 && sb.received > 0 && sa.sent > 0 && sb.sent > 0;
    })
    .toBe(true);
  const screen = a.page.getByRole('dialog', { name: '오태윤님과 영상 통화' });
  await expect(screen).toBeVisible();
  await expectNoSeriousA11yViolations(a.page, '/chatting/{id} call screen');

  // Escape does not hang up; mute is a toggle.
  await a.page.keyboard.press('Escape');
  await expect(a.page.getByText('통화를 끝내려면 통화 끊기를 눌러 주세요.')).toBeVisible();
  await expect(a.page.getByTestId('call-phase')).toHaveText('통화 중');
  const mute = screen.getByRole('button', { name: '마이크 끄기' });
  await mute.click();
  await expect(screen.getByRole('button', { name: '마이크 켜기' })).toHaveAttribute('aria-pressed', 'true');
  await expect(screen.getByRole('button', { name: '신고하기' })).toBeVisible();

  // Hang up: both screens end, the call line shows in both rooms.
  await screen.getByRole('button', { name: '통화 끊기' }).click();
  for (const m of [a, b]) {
    await expect(m.page.getByTestId('call-phase')).toHaveText('통화가 끝났어요');
    await m.page.getByRole('button', { name: '닫기' }).click();
    await expect(m.page.locator('.call-line').last()).toContainText('영상 통화');
  }

  // A voice call that b blocks while it rings: a's call ends with the room.
  await proposeCall(a.page, '음성 통화');
  await expect(b.page.getByRole('alertdialog', { name: '한지아님의 음성 통화' })).toBeVisible();
  const blocked = await b.page.request.put(`/api/on/block/${a.memberId}`, { headers: auth(b) });
  expect(blocked.ok()).toBeTruthy();
  await expect(a.page.getByTestId('call-phase')).toHaveText('통화가 끝났어요');
  await expect(b.page.getByRole('alertdialog')).toHaveCount(0);
});

test('a callee on another screen (desktop) is rung, 받기 takes them to the room and the call connects', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const a = await member(browser, newIdentity({ name: '서하린', gender: 'F' }), DESKTOP);
  const b = await member(browser, newIdentity({ name: '강도윤', gender: 'M', birthday: '1990-05-05' }), DESKTOP);
  const chatRoomId = await openRoom(a, b);
  // b's live channel hears frames once the MemberChannel admitted it (a `read` notice proves it).
  let liveHeard = false;
  b.page.on('websocket', (ws) => {
    if (!ws.url().includes('/api/on/chat-live/ws')) return;
    ws.on('framereceived', (f) => {
      if (String(f.payload).includes('"type":"read"')) liveHeard = true;
    });
  });
  await Promise.all([a.page.goto(`/chatting/${chatRoomId}`), b.page.goto('/main')]);
  await expect(a.page.getByRole('log')).toBeVisible();
  await expect
    .poll(async () => {
      await b.page.request.post(`/api/on/chat-rooms/${chatRoomId}/read`, { headers: auth(b) });
      return liveHeard;
    })
    .toBe(true);
  await proposeCall(a.page, '음성 통화');

  // b has no room open: the live channel rings on /main.
  const sheet = b.page.getByRole('alertdialog', { name: '서하린님의 음성 통화' });
  await expect(sheet).toBeVisible();
  // Focus moves into the sheet; Escape does not decline.
  await expect.poll(() => sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await b.page.keyboard.press('Escape');
  await expect(sheet).toBeVisible();
  await expectNoSeriousA11yViolations(b.page, '/main incoming call');
  await sheet.getByRole('button', { name: '받기' }).click();

  // The room opens and accepts that call: connected, media both ways.
  await expect(b.page).toHaveURL(new RegExp(`/chatting/${chatRoomId}$`));
  for (const m of [a, b]) await expect(m.page.getByTestId('call-phase')).toHaveText('통화 중', { timeout: 20_000 });
  await expect
    .poll(async () => {
      const [sa, sb] = await Promise.all([bytes(a.page), bytes(b.page)]);
      return sa.received > 0 && sb.received > 0 && sa.sent > 0 && sb.sent > 0;
    })
    .toBe(true);
  await b.page.getByRole('dialog', { name: '서하린님과 음성 통화' }).getByRole('button', { name: '통화 끊기' }).click();
  for (const m of [a, b]) await expect(m.page.getByTestId('call-phase')).toHaveText('통화가 끝났어요');
});
