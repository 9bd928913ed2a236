// Voice before meeting, in the app (docs/voice.md): on a phone, with Chromium's fake microphone (a
// beep; playwright.config.ts), A records a voice note by click (녹음 시작 → 녹음 끝내기 → preview →
// 보내기) that B plays (the player's time moves), then A records a 목소리 소개 on my page that B
// hears in A's profile modal. axe on each screen.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { declinePushOptIn, type Identity, newIdentity, signInAs, signUpViaApi } from './support/members';

const PHONE = { width: 390, height: 844 };
/** A place, so each one's profile opens for the other (a profile without one does not). */
const SEOUL = { city: '서울특별시', district: '마포구', lat: 37.56, lng: 126.91 };

type Member = { page: Page; memberId: number; token: string };

async function member(browser: Browser, identity: Identity, lookingFor: 'M' | 'F'): Promise<Member> {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  await context.grantPermissions(['microphone']);
  const page = await context.newPage();
  await declinePushOptIn(page);
  const memberId = await signUpViaApi(page.request, identity, { lookingFor, ...SEOUL });
  const { accessToken } = await signInAs(page, identity.email);
  return { page, memberId, token: accessToken };
}

/** Records until the timer shows two seconds, then stops: the preview (or the saved voice) follows. */
async function recordTwoSeconds(page: Page, start: string) {
  await page.getByRole('button', { name: start }).click();
  await expect(page.getByRole('timer')).toHaveAccessibleName(/녹음 중 0:0[2-9]/, { timeout: 15_000 });
  await page.getByRole('button', { name: '녹음 끝내기' }).click();
}

/** Plays and waits for the player's elapsed time to pass 0:00. */
async function playAndHear(page: Page, label: string) {
  const player = page.getByRole('group', { name: label });
  await player.getByRole('button', { name: `${label} 재생` }).click();
  await expect(player.getByTestId('voice-time')).toHaveText(/^0:0[1-9] \//, { timeout: 15_000 });
}

test('a voice note A records plays for B, and A’s 목소리 소개 plays in A’s profile for B (phone)', async ({
  browser,
}) => {
  const a = await member(browser, newIdentity({ name: '음지유', gender: 'F' }), 'M');
  const b = await member(browser, newIdentity({ name: '성하람', gender: 'M', birthday: '1992-02-02' }), 'F');
  const req = await a.page.request.post(`/api/on/matching/request/${b.memberId}`, {
    headers: { Authorization: `Bearer ${a.token}` },
  });
  expect(req.ok(), await req.text()).toBeTruthy();
  const { matchingId } = (await req.json()) as { matchingId: number };
  const acc = await b.page.request.post(`/api/on/chat-rooms/matchings/${matchingId}/accept`, {
    headers: { Authorization: `Bearer ${b.token}` },
  });
  expect(acc.ok(), await acc.text()).toBeTruthy();
  const { chatRoomId } = (await acc.json()) as { chatRoomId: number };

  // A: record, listen to the preview, send.
  await a.page.goto(`/chatting/${chatRoomId}`);
  const aLog = a.page.getByRole('log', { name: '성하람님과의 대화' });
  await expect(aLog).toBeVisible();
  await recordTwoSeconds(a.page, '녹음 시작');
  const send = a.page.getByRole('button', { name: '보내기', exact: true });
  await expect(send).toBeVisible({ timeout: 15_000 });
  await expect(a.page.getByRole('group', { name: '내 음성 메시지' })).toBeVisible();
  await expectNoSeriousA11yViolations(a.page, '/chatting/{id} phone: voice preview');
  await send.click();
  await expect(aLog.getByRole('group', { name: '내 음성 메시지' })).toBeVisible({ timeout: 15_000 });
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
