// Adults only (docs/trust.md "The 19 mark"), phone size: the landing page's first screen shows the 19 mark with the
// required wording; a member who turned out to be under 19 (a row from before the rule, made here
// with one SQL update on the local D1) sees the gate screen on their next visit, explaining why,
// and can delete their account from it. axe audits both screens.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { sql } from './support/d1';
import { newIdentity, signInAs, signUpViaApi } from './support/members';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Makes an existing member a minor by the year rule (born 1 January of this year − 18). */
async function makeMinor(memberId: number): Promise<void> {
  const year = new Date(Date.now() + 9 * 3600_000).getUTCFullYear() - 18;
  await sql(`UPDATE members SET birthday = '${year}-01-01' WHERE id = ${memberId}`);
}

test('the 19 mark on the landing page, and the gate a member under 19 sees', async ({ page }) => {
  await page.goto('/');
  const mark = page.getByRole('region', { name: '19세 미만의 청소년은 이용할 수 없어요' });
  await expect(mark.getByRole('img', { name: '19세 미만 이용 불가 표시' })).toBeVisible();
  await expect(mark).toContainText('청소년유해매체물로서 청소년보호법 및 정보통신망 이용촉진');
  await expectNoSeriousA11yViolations(page, 'landing with the 19 mark');

  const me = newIdentity({ name: '미성년회원', gender: 'F' });
  const memberId = await signUpViaApi(page.request, me);
  await makeMinor(memberId);
  await signInAs(page, me.email);
  await page.goto('/main');
  await expect(page.getByRole('heading', { level: 1, name: '온기는 만 19세 이상만 이용할 수 있어요.' })).toBeVisible();
  await expect(page.getByText(/법에 따라 만 19세 이상만 온기를 이용할 수 있어요/)).toBeVisible();
  await expect(page.getByRole('button', { name: '내 정보 내려받기' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'under-19 gate');

  await page.getByRole('button', { name: '회원 탈퇴하기' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill('탈퇴할게요');
  await dialog.getByRole('button', { name: '탈퇴하기' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: /온기에서/ })).toBeVisible();
});
