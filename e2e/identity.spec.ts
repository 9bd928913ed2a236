// 본인확인 (docs/trust.md "Identity (본인확인)") in a real browser, phone and desktop, axe on each screen: a new adult goes
// from the terms through the emulated PortOne/PASS page to the signup form (nickname, the verified
// name/birthday/gender shown read-only) and in; a minor is refused and nothing is stored.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { newIdentity, verifyOnPassPage, type Identity } from './support/members';

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

/** Dev-portal sign-in as a new person (the Naver page), then the terms, up to /signup/verify. */
async function reachVerification(page: Page, me: Identity, vp: string) {
  // The one-round-trip sign-in sets the signup cookie; the SPA reads the token it returns.
  const res = await page.request.post('/dev-portal/sign-in', { data: { identity: me } });
  const body = (await res.json()) as { status: string; token: string };
  expect(body.status).toBe('NEED_AGREEMENT');
  await page.goto('/terms');
  await page.evaluate((token) => sessionStorage.setItem('tempSignupToken', token), body.token);
  await page.goto('/member/termsAgree');
  await page.getByRole('checkbox', { name: '전체 동의' }).check();
  await page.getByRole('button', { name: '다음으로' }).click();
  await page.waitForURL('**/signup/verify');
  await expect(page.getByRole('heading', { name: '본인확인', level: 1 })).toBeVisible();
  await expect(page.getByText(/포트원\(PortOne\)/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, `본인확인 (${vp})`);
}

for (const vp of VIEWPORTS) {
  test.describe(`본인확인 on ${vp.name}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test('a new adult verifies on the PASS page and signs up with a nickname', async ({ page }) => {
      const me = newIdentity({ name: '윤서연', gender: 'F', birthday: '1994-08-21' });
      await reachVerification(page, me, vp.name);
      await verifyOnPassPage(page, me, (what) => expectNoSeriousA11yViolations(page, `${what} (${vp.name})`));

      await page.waitForURL('**/signup');
      await expect(page.getByRole('textbox', { name: '이름(본인확인)' })).toHaveValue('윤서연');
      await expect(page.getByRole('textbox', { name: '생일' })).toHaveValue('1994-08-21');
      await expect(page.getByRole('textbox', { name: '성별' })).toHaveValue('여성');
      const nickname = page.getByRole('textbox', { name: '닉네임' });
      await expect(nickname).toHaveValue('');
      await nickname.fill('카톡 yoon12');
      await page.getByRole('radio', { name: '남성' }).check();
      await page.getByRole('button', { name: '가입 완료하기' }).click();
      await expect(page.getByText('닉네임에 카카오톡·인스타그램 같은 연락처 아이디는 쓸 수 없어요.')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `signup form with the verified identity (${vp.name})`);
      await nickname.fill('봄바람');
      await page.getByRole('button', { name: '가입 완료하기' }).click();
      await page.waitForURL('**/signup/details');

      const token = await page.evaluate(() => localStorage.getItem('accessToken'));
      const state = await page.request.get('/api/on/verification', { headers: { Authorization: `Bearer ${token}` } });
      expect((await state.json()).identity.verified).toBe(true);
    });

    test('a minor is refused after the PASS page and nothing is stored', async ({ page }) => {
      const year = new Date().getFullYear() - 16;
      const minor = newIdentity({ name: '어린이', gender: 'M', birthday: `${year}-05-05` });
      await reachVerification(page, minor, vp.name);
      await verifyOnPassPage(page, minor);
      await expect(page.getByRole('heading', { name: '만 19세 이상만 이용할 수 있어요' })).toBeVisible();
      await expect(page.getByText('입력하신 정보는 아무것도 저장하지 않았어요.')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `under-19 refusal (${vp.name})`);

      // No member: the form call is refused before it is read, and the portal identity is still new.
      const form = await page.request.post('/api/member/profile', { multipart: { data: '{}' } });
      expect(form.status()).toBe(403);
      expect((await form.json()).code).toBe('IDENTITY_REQUIRED');
      const again = await page.request.post('/dev-portal/sign-in', { data: { identity: minor } });
      expect((await again.json()).status).toBe('NEED_AGREEMENT');
    });
  });
}
