// 오늘의 인연 (docs/today.md) on a phone: before 12:30 the home page says none has arrived; the
// 12:30 Cron Trigger runs (wrangler dev's /__scheduled, the real scheduled handler and its queue
// batches); then /main leads with the set — cards with 궁합 or its hint, reasons, and 넘기기 that
// sticks. axe on the screen with the cards.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { declinePushOptIn, newIdentity, signInAs, signUpViaApi } from './support/members';

test('오늘의 인연 arrives at 12:30 and leads the home page', async ({ page, request }) => {
  test.setTimeout(120_000);
  const me = newIdentity({ name: '한오늘', gender: 'F', birthday: '1995-06-12' });
  await signUpViaApi(page.request, me, {
    lookingFor: 'M',
    interests: ['여행', '음악', '요리'],
    city: '서울특별시',
    district: '마포구',
    lat: 37.56,
    lng: 126.91,
  });
  await declinePushOptIn(page);
  await signInAs(page, me.email);
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto('/main');
  const section = page.getByRole('region', { name: '오늘의 인연' });
  await expect(section.getByText(/아직 도착한 인연이 없어요/)).toBeVisible();

  // 12:30 KST: the Cron Trigger (the first batch now, the rest through the notif queue).
  const ran = await request.get('/__scheduled?cron=30+3+*+*+*');
  expect(ran.ok()).toBeTruthy();

  const cards = section.getByRole('list', { name: '오늘의 인연 카드' });
  await expect(async () => {
    await page.reload();
    await expect(cards).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  const items = cards.locator(':scope > li');
  await expect(items).toHaveCount(3);
  // It leads the page: above the popular profiles.
  const todayBox = await section.boundingBox();
  const popularBox = await page.getByRole('heading', { name: '이번 주 인기 프로필' }).boundingBox();
  expect(todayBox && popularBox && todayBox.y < popularBox.y).toBeTruthy();
  // Each card: 궁합 or the hint to answer questions, and why it was chosen.
  for (let i = 0; i < 3; i++) {
    await expect(items.nth(i).getByText(/궁합 \d+%|가치관 질문에 함께 답하면 궁합을 볼 수 있어요/)).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page, '오늘의 인연 on /main at 390×844');

  // 넘기기 is recorded: it stays after a reload.
  const first = items.first();
  const name = ((await first.getByRole('heading', { level: 3 }).getByRole('button').textContent()) ?? '').trim();
  await first.getByRole('button', { name: `${name}님 넘기기` }).click();
  await expect(first.getByText('넘겼어요')).toBeVisible();
  await page.reload();
  await expect(cards.locator(':scope > li').first().getByText('넘겼어요')).toBeVisible();
});
