// The admin console in a real browser: sign in as the demo admin with both factors (password, then
// 2단계 인증), find a member by name and ban them for a while with a reason (history shows it, the
// member's next call is refused), accept a report, write a notice a member then reads, and delete
// a post.
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInAdmin } from './support/admin';
import { expectNoSeriousA11yViolations } from './support/axe';
import { exclusive, HOLDS } from './support/exclusive';
import { newIdentity, signUpViaApi, type Identity } from './support/members';

async function adminSignsIn(page: Page) {
  // The dashboard is the home page, with real figures.
  await signInAdmin(page);
  if (process.env.E2E_SHOTS) await page.screenshot({ path: test.info().outputPath('dashboard.png'), fullPage: true });
}

/** A new member (API signup) and a fresh access token for them from the dev portal. */
async function memberWithToken(request: APIRequestContext, identity: Identity) {
  const memberId = await signUpViaApi(request, identity);
  const res = await request.post('/dev-portal/sign-in', { data: { identity: { email: identity.email } } });
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as { status: string; accessToken: string };
  expect(body.status).toBe('LOGIN');
  return { memberId, accessToken: body.accessToken };
}

const suffix = () => Math.random().toString(36).slice(2, 7);

/** Tomorrow in Korea as the date and time inputs expect them. */
function tomorrowKst(): { date: string; time: string } {
  const kst = new Date(Date.now() + 9 * 3600_000 + 24 * 3600_000);
  return { date: kst.toISOString().slice(0, 10), time: '18:30' };
}

test('sign-in asks for the 2단계 인증 code after the password; a wrong code is refused, the right one opens the console', async ({
  page,
}) => {
  await signInAdmin(page, {
    fresh: true,
    onSecondFactor: async (p) => {
      const code = p.getByLabel(/인증 코드/);
      await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      await expect(code).toHaveAttribute('inputmode', 'numeric');
      await expectNoSeriousA11yViolations(p, 'admin 2단계 인증');
      // Six digits that are not the code (a code is 6 digits; this one cannot be valid twice over).
      await code.fill('000000');
      await p.getByRole('button', { name: '확인' }).click();
      await expect(p.getByRole('alert')).toContainText('인증 코드가 맞지 않아요');
      if (process.env.E2E_SHOTS) await p.screenshot({ path: test.info().outputPath('second-factor.png') });
    },
  });
  // 관리자 only: 운영자 관리 lists the console's accounts with their role and 2단계 인증.
  await page.getByRole('menuitem', { name: '운영자 관리' }).click();
  const me = page.getByRole('row').filter({ hasText: 'admin@ongi.dev' });
  await expect(me).toContainText('관리자');
  await expect(me).toContainText('등록함');
  await expect(page.getByRole('button', { name: '운영자 추가' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'admin 운영자 관리');
});

test('an admin finds a member by name, bans them for a while with a reason, sees the history; the member is cut off', async ({
  page,
  playwright,
}) => {
  const name = `정지대상${suffix()}`;
  const memberApi = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const member = await memberWithToken(memberApi, newIdentity({ name }));
  expect(
    (await memberApi.get('/api/on/ping', { headers: { Authorization: `Bearer ${member.accessToken}` } })).status(),
  ).toBe(200);

  await adminSignsIn(page);
  await page.getByRole('menuitem', { name: '사용자' }).click();
  await page.getByPlaceholder('이름 또는 이메일').fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: '정지', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: `${name}님 이용 정지` });
  await dialog.getByRole('radio', { name: '기간 정지' }).check();
  await dialog.getByRole('button', { name: '정지하기' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('임시 정지의 만료 날짜와 시간을 입력해 주세요');
  const { date, time } = tomorrowKst();
  await dialog.getByLabel('만료 날짜').fill(date);
  await dialog.getByLabel('만료 시간').fill(time);
  await dialog.getByLabel('정지 사유 (선택)').fill('채팅에서 반복해서 욕설을 했어요');
  await expect(dialog.getByText('17/200')).toBeVisible();
  await dialog.getByRole('button', { name: '정지하기' }).click();

  const confirm = page.getByRole('dialog', { name: '정말 정지할까요?' });
  await expect(confirm).toContainText(`${date} ${time}까지`);
  await confirm.getByRole('button', { name: '정지하기' }).click();
  await expect(page.getByText('정지를 완료했어요')).toBeVisible();
  await expect(row.getByText('정지', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: '정지 이력' }).click();
  const history = page.getByRole('dialog', { name: `${name}님의 정지 이력` });
  await expect(history.getByRole('row').filter({ hasText: '채팅에서 반복해서 욕설을 했어요' })).toContainText(
    `${date} ${time}:00`,
  );
  await expect(history).toContainText('온기 관리자');
  await expectNoSeriousA11yViolations(page, 'ban history with a ban');
  if (process.env.E2E_SHOTS) await page.screenshot({ path: test.info().outputPath('history.png') });
  await history.getByRole('button', { name: '닫기' }).click();
  if (process.env.E2E_SHOTS) await page.screenshot({ path: test.info().outputPath('users.png') });

  // The detail view shows the ban in force.
  await row.getByText(name).click();
  await expect(page.getByRole('heading', { name: `${name}님의 정보` })).toBeVisible();
  await expect(page.getByRole('paragraph').filter({ hasText: `${date} ${time}까지 정지` })).toBeVisible();
  await expect(page.getByRole('paragraph').filter({ hasText: '사유: 채팅에서 반복해서 욕설을 했어요' })).toBeVisible();
  // …and the action in the member's audit record on the same page (docs/safety.md "Audit log").
  await expect(page.getByRole('cell', { name: `${date} ${time}까지 정지` })).toBeVisible();
  if (process.env.E2E_SHOTS) await page.screenshot({ path: test.info().outputPath('user-detail.png'), fullPage: true });

  const refused = await memberApi.get('/api/on/ping', { headers: { Authorization: `Bearer ${member.accessToken}` } });
  expect(refused.status()).toBe(403);
  const body = (await refused.json()) as { code: string; message: string };
  expect(body.code).toBe('MEMBER_BANNED');
  expect(body.message).toMatch(/^이용이 정지된 계정이에요\. .+까지 이용할 수 없어요\.$/);
  expect((await memberApi.post('/api/on/auth/refresh')).status()).toBeGreaterThanOrEqual(401);
  await memberApi.dispose();
});

test('an admin opens the reports against a member and accepts one', async ({ page, playwright }) => {
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const targetName = `신고대상${suffix()}`;
  const target = await signUpViaApi(api, newIdentity({ name: targetName, gender: 'M' }));
  const reporter = await memberWithToken(api, newIdentity({ name: '신고하는회원' }));
  const reason = '프로필 사진이 다른 사람의 사진 같아요. 대화 중에 돈을 보내 달라고 여러 번 요청했어요.';
  const sent = await api.post('/api/on/report', {
    headers: { Authorization: `Bearer ${reporter.accessToken}` },
    data: {
      targetMemberId: target,
      reasonType: 'FRAUD',
      content: reason,
      pageUrl: `/profile/${target}`,
      messageSamples: [],
    },
  });
  expect(sent.ok(), await sent.text()).toBeTruthy();
  await api.dispose();

  await adminSignsIn(page);
  await page.getByRole('menuitem', { name: '신고' }).click();
  await page.getByPlaceholder('이름 또는 이메일').fill(targetName);
  const row = page.getByRole('row').filter({ hasText: targetName });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: '신고 내역' }).click();

  const dialog = page.getByRole('dialog', { name: `${targetName}님에 대한 신고` });
  const report = dialog.getByRole('row').filter({ hasText: '신고하는회원' });
  await expect(report).toContainText('사기');
  const preview = `${Array.from(reason).slice(0, 40).join('')}…`;
  await report.getByRole('button', { name: preview }).click();
  await expect(dialog.getByText(reason, { exact: true })).toBeVisible();
  await expect(report).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);

  if (process.env.E2E_SHOTS) await page.screenshot({ path: test.info().outputPath('reports.png') });
  await report.getByRole('button', { name: '승인' }).click();
  await expect(page.getByText('신고를 승인했어요')).toBeVisible();
  await expect(report.getByRole('button', { name: '승인' })).toHaveCount(0);
  await expect(report).toContainText('승인');
});

test('an admin writes a notice (counter and limit), and a member reads it at /notices', async ({ page, browser }) => {
  await adminSignsIn(page);
  await page.getByRole('menuitem', { name: '공지 등록' }).click();
  const title = `점검 안내 ${suffix()}`;
  await page.getByRole('textbox', { name: '제목' }).fill(title);
  const content = page.getByRole('textbox', { name: '내용' });
  await content.fill('가'.repeat(1001));
  await expect(page.getByTestId('notice-counter')).toHaveText('1001/1000');
  await expect(page.getByText('내용은 1000자를 넘을 수 없어요')).toBeVisible();
  await expect(page.getByRole('button', { name: '등록하기' })).toBeDisabled();
  const text = '이번 주 토요일 새벽 2시부터 4시까지 서비스 점검이 있어요.';
  await content.fill(text);
  await expect(page.getByTestId('notice-counter')).toHaveText(`${text.length}/1000`);
  // Not while notifications.spec counts bells (e2e/support/exclusive.ts); its members joined later get none.
  await exclusive(HOLDS.noticeFanOut, async () => {
    await page.getByRole('button', { name: '등록하기' }).click();
    await expect(page.getByText('공지를 등록했어요')).toBeVisible();
  });
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);

  // Edit it from the list (PATCH /notices/{id}).
  await row.getByRole('link', { name: '수정' }).click();
  const edited = `${title} (수정)`;
  await expect(page.getByRole('button', { name: '수정하기' })).toBeVisible();
  await page.getByRole('textbox', { name: '제목' }).fill(edited);
  await page.getByRole('button', { name: '수정하기' }).click();
  await expect(page.getByText('공지를 수정했어요')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: edited })).toHaveCount(1);

  const visitor = await browser.newPage();
  await visitor.goto('/notices');
  await visitor.getByRole('link', { name: edited }).click();
  await expect(visitor.getByText(text)).toBeVisible();

  // Soft delete after a confirmation: gone from the console list and for members.
  await page.getByRole('row').filter({ hasText: edited }).getByRole('button', { name: '삭제' }).click();
  await page.getByRole('dialog', { name: '공지를 삭제할까요?' }).getByRole('button', { name: '확인' }).click();
  await expect(page.getByText('삭제했어요')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: edited })).toHaveCount(0);
  await visitor.goto('/notices');
  await expect(visitor.getByRole('heading', { name: '공지사항' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: edited })).toHaveCount(0);
  await visitor.close();
});

test('an admin reads members’ feedback in the feedback table', async ({ page, playwright }) => {
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const name = `의견회원${suffix()}`;
  const member = await memberWithToken(api, newIdentity({ name }));
  const title = `채팅 알림이 늦어요 ${suffix()}`;
  const sent = await api.post('/feedback/create', {
    headers: { Authorization: `Bearer ${member.accessToken}` },
    data: { title, content: '메시지가 온 뒤 몇 초 있다가 알림이 떠요.' },
  });
  expect(sent.ok(), await sent.text()).toBeTruthy();
  await api.dispose();

  await adminSignsIn(page);
  await page.getByRole('menuitem', { name: '피드백' }).click();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText(name);
  await expect(row).toContainText('메시지가 온 뒤 몇 초 있다가 알림이 떠요.');
});

test('an admin deletes a member’s post from the community screen after confirming', async ({ page, playwright }) => {
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const writer = await memberWithToken(api, newIdentity({ name: '글쓴회원' }));
  const title = `삭제될 글 ${suffix()}`;
  const created = await api.post('/api/on/community/posts', {
    headers: { Authorization: `Bearer ${writer.accessToken}` },
    multipart: {
      request: {
        name: 'request.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify({ category: 'FREE', title, content: '관리자가 지울 글이에요.' })),
      },
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const post = (await created.json()) as { id: number };

  await adminSignsIn(page);
  await page.getByRole('menuitem', { name: '커뮤니티' }).click();
  await page.getByPlaceholder('제목 또는 내용').fill(title);
  const card = page.getByRole('article', { name: title });
  await expect(card).toHaveCount(1);
  await page.getByPlaceholder('제목 또는 내용').fill('');
  if (process.env.E2E_SHOTS) await page.screenshot({ path: test.info().outputPath('community.png') });
  await page.getByPlaceholder('제목 또는 내용').fill(title);
  await card.getByRole('button', { name: '삭제' }).click();
  const confirm = page.getByRole('dialog', { name: '게시글을 삭제할까요?' });
  await confirm.getByRole('button', { name: '확인' }).click();
  await expect(page.getByText('게시글을 삭제했어요')).toBeVisible();
  await expect(card).toHaveCount(0);

  const gone = await api.get(`/api/on/community/posts/${post.id}`, {
    headers: { Authorization: `Bearer ${writer.accessToken}` },
  });
  expect(gone.status()).toBe(404);
  await api.dispose();
});

test('on a phone the users list fits the screen: the table scrolls inside its box', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await adminSignsIn(page);
  await page.goto('/admin/#/users');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.view);
  await expectNoSeriousA11yViolations(page, 'admin users list at 390×844');
});

test('on a phone the login screen paints in its own font: every character drawn by it, no Pretendard subset before the console', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const fonts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'font') fonts.push(new URL(r.url()).pathname);
  });
  await page.goto('/admin/');
  await expect(page.getByRole('heading', { name: '온기 관리자' })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  // The interface font (preloaded by the shell) and nothing else: the 92 subsets come with the console's code.
  expect(fonts).toEqual([expect.stringMatching(/^\/admin\/assets\/ongi-admin-sans-[\w-]+\.woff2$/)]);
  // Every character on the screen is one the font holds (the unit test pins the list to the code:
  // admin-web/src/pages/login-font.test.ts), and Chromium drew each text with that web font (it was
  // there in time: `font-display: optional` keeps the system font otherwise).
  const held = readFileSync(
    new URL('../admin-web/src/assets/fonts/ongi-admin-sans.woff2.chars.txt', import.meta.url),
    'utf8',
  );
  const shown = await page.locator('.ongi-login').innerText();
  expect([...new Set(shown.replace(/\s/g, ''))].filter((ch) => !held.includes(ch)).join('')).toBe('');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', {
    nodeId: root.nodeId,
    selector: '.ongi-login h1, .ongi-login p, .ongi-login label, .ongi-login label span, .ongi-login button',
  });
  expect(nodeIds.length).toBeGreaterThanOrEqual(6);
  for (const nodeId of nodeIds) {
    const { fonts: used } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((f) => !f.isCustomFont)).toEqual([]);
  }
  // Starting to sign in loads the console's code, and Pretendard's faces with it (names, everything else).
  await page.getByLabel(/이메일/).fill('admin@ongi.dev');
  await expect
    .poll(() =>
      page.evaluate(() => [...document.fonts].some((f) => f.family.replace(/["']/g, '') === 'Pretendard Variable')),
    )
    .toBe(true);
  expect(fonts.filter((f) => f.includes('PretendardVariable'))).toEqual([]);
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
});
