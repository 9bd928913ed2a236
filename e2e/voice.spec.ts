// Voice before meeting, in the app (docs/voice.md): on a phone, with Chromium's fake microphone (a
// beep; playwright.config.ts), A records a voice note by click (녹음 시작 → 녹음 끝내기 → preview →
// 보내기) that B plays (the player's time moves), then A records a 목소리 소개 on my page that B
// hears in A's profile modal; at a desk (1280 × 800) A answers B's message with a click-recorded,
// previewed voice note that B sees under its quote and plays. axe on each screen.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { talkingPair } from './support/chat';
import { PHONE } from './support/members';

const DESKTOP = { width: 1280, height: 800 };
/** A place, so each one's profile opens for the other (a profile without one does not). */
const SEOUL = { city: '서울특별시', district: '마포구', lat: 37.56, lng: 126.91 };
const phone = { viewport: PHONE, phone: true, microphone: true, profile: SEOUL };

/** Records until the timer shows two seconds, then stops: the preview (or the saved voice) follows. */
async function recordTwoSeconds(page: Page, start: string) {
  await page.getByRole('button', { name: start }).click();
  await expect(page.getByRole('timer')).toHaveAccessibleName(/녹음 중 0:0[2-9]/, { timeout: 15_000 });
  await page.getByRole('button', { name: '녹음 끝내기' }).click();
}

/** Plays and waits for the player's elapsed time to pass 0:00. */
async function playAndHear(page: Page, label: string) {
  const player = page.getByRole('group', { name: label, exact: true });
  await player.getByRole('button', { name: `${label} 재생` }).click();
  await expect(player.getByTestId('voice-time')).toHaveText(/^0:0[1-9] \//, { timeout: 15_000 });
}

test('a voice note A records plays for B, and A’s 목소리 소개 plays in A’s profile for B (phone)', async ({
  browser,
}) => {
  const { a, b, roomId: chatRoomId } = await talkingPair(browser, ['음지유', '성하람'], [phone, phone]);

  // A: record, listen to the preview, send.
  await a.page.goto(`/chatting/${chatRoomId}`);
  const aLog = a.page.getByRole('log', { name: '성하람님과의 대화' });
  await expect(aLog).toBeVisible();
  await recordTwoSeconds(a.page, '녹음 시작');
  const send = a.page.getByRole('button', { name: '보내기', exact: true });
  await expect(send).toBeVisible({ timeout: 15_000 });
  await expect(a.page.getByRole('group', { name: '내 음성 메시지', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(a.page, '/chatting/{id} phone: voice preview');
  await send.click();
  await expect(aLog.getByRole('group', { name: '내 음성 메시지', exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(a.page.getByLabel('메시지 입력')).toBeVisible();

  // B: the note arrives and plays; the room list reads '음성 메시지를 보냈어요'.
  await b.page.goto(`/chatting/${chatRoomId}`);
  const bLog = b.page.getByRole('log', { name: '음지유님과의 대화' });
  await expect(bLog.getByRole('group', { name: '음지유님의 음성 메시지' })).toBeVisible();
  await playAndHear(b.page, '음지유님의 음성 메시지');
  await expectNoSeriousA11yViolations(b.page, '/chatting/{id} phone: a voice note');

  // A: a 목소리 소개 on my page.
  await a.page.goto('/mypage?tab=details');
  const intro = a.page.getByRole('region', { name: '목소리 소개' });
  await expect(intro).toBeVisible();
  await intro.getByLabel('답할 질문 카드').selectOption({ label: '나의 완벽한 주말은' });
  await recordTwoSeconds(a.page, '녹음하기');
  await intro.getByRole('button', { name: '저장하기' }).click({ timeout: 15_000 });
  await expect(a.page.getByText('목소리 소개를 저장했어요.')).toBeVisible();
  await expect(intro.getByRole('group', { name: '내 목소리 소개' })).toBeVisible();
  await expect(intro.getByText('나의 완벽한 주말은')).toBeVisible();
  await expectNoSeriousA11yViolations(a.page, '/mypage?tab=details phone: 목소리 소개');

  // B: A's profile from the room shows the prompt and plays the voice.
  await b.page.getByRole('button', { name: '음지유님 프로필 보기' }).first().click();
  const modal = b.page.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: '목소리 소개' })).toBeVisible();
  await expect(modal.getByText('나의 완벽한 주말은')).toBeVisible();
  await playAndHear(b.page, '음지유님의 목소리 소개');
  await expectNoSeriousA11yViolations(b.page, 'profile modal phone: 목소리 소개');
});

test('desktop: a click-recorded voice note, previewed, answers a message; B sees the quote and plays it (phone)', async ({
  browser,
}) => {
  const { a, b, roomId } = await talkingPair(
    browser,
    ['윤서아', '남궁현'],
    [
      { viewport: DESKTOP, microphone: true },
      { viewport: PHONE, phone: true },
    ],
  );
  // A message's own bubble row (a reply's quote of it is not).
  const rowOf = (page: Page, text: string) =>
    page.locator('.bubble-row', { has: page.locator('p.bubble', { hasText: text }) });

  // B asks from the phone.
  await b.page.goto(`/chatting/${roomId}`);
  const bLog = b.page.getByRole('log', { name: '윤서아님과의 대화' });
  await expect(bLog).toBeVisible();
  await b.page.getByLabel('메시지 입력').fill('주말에 뭐 해요?');
  await b.page.keyboard.press('Enter');
  await expect(rowOf(b.page, '주말에 뭐 해요?')).toHaveCount(1);

  // A at a desk: 답장 from the message's menu, then click to record; the quote stays while recording.
  const page = a.page;
  await page.goto(`/chatting/${roomId}`);
  const aLog = page.getByRole('log', { name: '남궁현님과의 대화' });
  await rowOf(page, '주말에 뭐 해요?').getByRole('button', { name: '메시지 메뉴' }).click();
  await page.getByRole('menuitem', { name: '답장' }).click();
  const composer = page.locator('form.composer');
  await expect(composer.getByText('남궁현님에게 답장')).toBeVisible();
  await recordTwoSeconds(page, '녹음 시작');
  const send = page.getByRole('button', { name: '보내기', exact: true });
  await expect(send).toBeVisible({ timeout: 15_000 });
  await expect(composer.getByText('남궁현님에게 답장')).toBeVisible();
  // The preview plays before it goes.
  await playAndHear(page, '내 음성 메시지');
  await expectNoSeriousA11yViolations(page, '/chatting/{id} desktop: voice preview while replying');
  await send.click();
  const mine = aLog.locator('.bubble-row[data-message-id]', {
    has: page.getByRole('group', { name: '내 음성 메시지', exact: true }),
  });
  await expect(mine).toBeVisible({ timeout: 15_000 });
  await expect(mine.locator('.reply-quote')).toContainText('남궁현님에게 답장');
  await expect(mine.locator('.reply-quote')).toContainText('주말에 뭐 해요?');
  await expect(composer.getByText('남궁현님에게 답장')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, '/chatting/{id} desktop: a voice reply sent');

  // B: the voice bubble under its quote of B's own message, played.
  const theirs = bLog.locator('.bubble-row', {
    has: b.page.getByRole('group', { name: '윤서아님의 음성 메시지', exact: true }),
  });
  await expect(theirs.locator('.reply-quote')).toContainText('나에게 답장');
  await expect(theirs.locator('.reply-quote')).toContainText('주말에 뭐 해요?');
  await playAndHear(b.page, '윤서아님의 음성 메시지');
  await expectNoSeriousA11yViolations(b.page, '/chatting/{id} phone: a voice reply');
});
