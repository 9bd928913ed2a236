// A banned member is told so: signing in through the portal shows the ban screen with the reason,
// the end (Korean date) and where to appeal; a member banned mid-session sees it on the next call.
import { expect, test, type APIRequestContext, type PlaywrightWorkerArgs } from '@playwright/test';
import { CONSOLE, signInAdminApi } from './support/admin';
import { newIdentity, signInAs, signUpViaApi } from './support/members';

async function adminApi(playwright: PlaywrightWorkerArgs['playwright']): Promise<APIRequestContext> {
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await signInAdminApi(api);
  return api;
}

async function ban(api: APIRequestContext, memberId: number, body: { reason?: string; until: string | null }) {
  const res = await api.patch(`/admin/members/${memberId}/ban`, { data: body, headers: CONSOLE });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** Tomorrow 18:30 in Korea, as the ban call takes it and as the ban screen writes it. */
function tomorrowEvening(): { until: string; shown: string } {
  const kst = new Date(Date.now() + 9 * 3600_000 + 24 * 3600_000);
  const [y, m, d] = kst.toISOString().slice(0, 10).split('-').map(Number);
  return {
    until: `${kst.toISOString().slice(0, 10)}T18:30:00`,
    shown: `${y}년 ${m}월 ${d}일 오후 6:30까지`,
  };
}

test('a banned member signing in through the portal sees the reason, the end and where to appeal', async ({
  page,
  playwright,
}) => {
  const me = newIdentity({ name: '정지된회원', gender: 'M', birthday: '1993-05-05' });
  const memberId = await signUpViaApi(page.request, me);
  await page.context().clearCookies();
  const api = await adminApi(playwright);
  const { until, shown } = tomorrowEvening();
  await ban(api, memberId, { reason: '채팅에서 반복해서 욕설을 했어요', until });
  await api.dispose();

  await page.goto('/');
  await page.getByRole('button', { name: '시작하기' }).first().click();
  await page.getByRole('button', { name: '네이버로 로그인' }).click();
  await expect(page.getByRole('heading', { name: '개발용 네이버 로그인' })).toBeVisible();
  await page.getByLabel('이메일').fill(me.email);
  await page.getByLabel('이름').fill(me.name);
  await page.getByLabel('남성').check();
  await page.getByLabel('생년월일').fill(me.birthday);
  await page.getByRole('button', { name: '동의하고 로그인' }).click();

  await expect(page.getByRole('heading', { name: '이용이 정지된 계정이에요' })).toBeVisible();
  await expect(page.getByText('채팅에서 반복해서 욕설을 했어요')).toBeVisible();
  await expect(page.getByText(shown)).toBeVisible();
  await expect(page.getByRole('link', { name: 'hello@ongi.dev' })).toHaveAttribute('href', 'mailto:hello@ongi.dev');
  await expect(page.getByText('로그인을 다시 시도해 주세요')).toHaveCount(0);
  if (process.env.E2E_SHOTS) await page.screenshot({ path: test.info().outputPath('ban-screen.png'), fullPage: true });
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});

test('a member banned mid-session sees the ban screen on the next call (a page’s or the live channel’s), then can leave', async ({
  page,
  playwright,
}) => {
  const me = newIdentity({ name: '곧정지' });
  const memberId = await signUpViaApi(page.request, me);
  await signInAs(page, me.email);
  await page.goto('/main');
  await expect(page.getByRole('button', { name: '로그아웃' })).toBeVisible();

  const api = await adminApi(playwright);
  await ban(api, memberId, { until: null });
  await api.dispose();

  // Any member call now answers 403 MEMBER_BANNED: opening the chat list is one. The live channel's
  // reconnect (its socket is closed by the ban) is another and may show the screen first.
  const banned = page.getByRole('heading', { name: '이용이 정지된 계정이에요' });
  if (!(await banned.isVisible())) {
    await page
      .getByRole('link', { name: '채팅', exact: true })
      .first()
      .click({ timeout: 5_000 })
      .catch(async (err: unknown) => {
        if (!(await banned.isVisible())) throw err; // replaced by the ban screen while clicking
      });
  }
  await expect(banned).toBeVisible();
  await expect(page.getByText('영구 정지')).toBeVisible();
  await expect(page.getByText('따로 적힌 사유가 없어요')).toBeVisible();

  await page.getByRole('button', { name: '처음 화면으로 가기' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { name: '이용이 정지된 계정이에요' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});
