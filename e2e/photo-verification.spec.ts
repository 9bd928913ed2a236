// 사진 인증 (docs/trust.md "Verified photos") in a real browser, on a phone (390×844, touch) and a desktop: a member
// takes the pose selfie with Chromium's fake camera, the operator approves it in the console, the
// 인증됨 badge shows on another member's view of her profile and card, and 인증된 회원만 보기 keeps
// unverified members out. axe on every screen.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInAdmin } from './support/admin';
import { expectNoSeriousA11yViolations } from './support/axe';
import { newIdentity, signInAs, signUpViaApi, type Identity } from './support/members';

// A camera for getUserMedia (Chromium's generated test pattern), granted without a prompt.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844, hasTouch: true, isMobile: true },
  { name: 'desktop', width: 1280, height: 860, hasTouch: false, isMobile: false },
] as const;
type Viewport = (typeof VIEWPORTS)[number];

const SEOUL = { city: '서울특별시', district: '마포구', lat: 37.56, lng: 126.91 };

async function member(browser: Browser, vp: Viewport, identity: Identity, lookingFor: 'M' | 'F') {
  const context = await browser.newContext({
    viewport: { width: vp.width, height: vp.height },
    hasTouch: vp.hasTouch,
    isMobile: vp.isMobile,
    permissions: ['camera'],
  });
  const page = await context.newPage();
  const memberId = await signUpViaApi(page.request, identity, { lookingFor, ...SEOUL });
  const { accessToken } = await signInAs(page, identity.email);
  return { context, page, memberId, accessToken };
}

async function adminConsole(browser: Browser, vp: Viewport): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: vp.width, height: vp.height } });
  const page = await context.newPage();
  await signInAdmin(page);
  return page;
}

for (const vp of VIEWPORTS) {
  test(`${vp.name}: a pose selfie, the operator's approval, the badge and 인증된 회원만 보기`, async ({ browser }) => {
    test.setTimeout(150_000);
    const suffix = vp.name === 'phone' ? '폰' : '데';
    const herName = `인증${suffix}`;
    const her = await member(browser, vp, newIdentity({ name: herName, gender: 'F' }), 'M');

    // My page → 사진 인증.
    await her.page.goto('/mypage?tab=photos');
    await her.page.getByRole('link', { name: '사진 인증하기' }).click();
    await expect(her.page.getByRole('heading', { level: 1, name: '사진 인증' })).toBeVisible();
    await expect(her.page.getByText('아직 사진 인증을 하지 않았어요.')).toBeVisible();
    await expectNoSeriousA11yViolations(her.page, `${vp.name}: 사진 인증 start`);
    await her.page.getByRole('button', { name: '포즈 받고 시작하기' }).click();
    await expect(her.page.getByRole('heading', { name: '이 포즈로 찍어 주세요' })).toBeVisible();
    await her.page.getByRole('button', { name: '카메라 켜기' }).click();
    const video = her.page.getByLabel('전면 카메라 미리보기');
    await expect(video).toBeVisible();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(her.page, `${vp.name}: 사진 인증 camera`);
    await her.page.getByRole('button', { name: '찍기' }).click();
    await expect(her.page.getByRole('img', { name: '찍은 인증 사진 미리보기' })).toBeVisible();
    await expectNoSeriousA11yViolations(her.page, `${vp.name}: 사진 인증 preview`);
    await her.page.getByRole('button', { name: '인증 요청 보내기' }).click();
    await expect(her.page.getByText('인증 사진을 보냈어요. 운영자가 확인하고 있어요.')).toBeVisible();

    // The operator approves it.
    const admin = await adminConsole(browser, { ...VIEWPORTS[1] });
    await expect(admin.getByRole('menuitem', { name: /사진 인증 \(\d+\)/ })).toBeVisible();
    await admin.getByRole('menuitem', { name: /사진 인증/ }).click();
    const request = admin.getByRole('region', { name: `${herName} 님의 인증 요청` });
    await expect(request.getByRole('img', { name: `${herName} 님의 인증 셀카` })).toBeVisible();
    await expect(request.getByText('요청한 포즈:')).toBeVisible();
    await expectNoSeriousA11yViolations(admin, `${vp.name}: console 사진 인증`);
    await request.getByRole('button', { name: '승인' }).click();
    await expect(admin.getByText('승인했어요. 회원에게 알림을 보냈어요.')).toBeVisible();
    await expect(request).toHaveCount(0);
    await admin.context().close();

    await her.page.reload();
    await expect(her.page.getByText('사진 인증이 끝났어요. 프로필에 인증됨 표시가 보여요.')).toBeVisible();

    // Another member sees the badge on her profile.
    const him = await member(
      browser,
      vp,
      newIdentity({ name: `보는이${suffix}`, gender: 'M', birthday: '1994-05-05' }),
      'F',
    );
    await him.page.goto(`/profile/${her.memberId}`);
    await expect(him.page.getByRole('heading', { name: new RegExp(herName) })).toBeVisible();
    await expect(him.page.getByRole('img', { name: '사진 인증된 회원' })).toBeVisible();
    await expectNoSeriousA11yViolations(him.page, `${vp.name}: profile with 인증됨`);

    // 인증된 회원만 보기: only verified members in his recommendations.
    await him.page.goto('/mypage?tab=settings');
    const verifiedOnly = him.page.getByRole('switch', { name: /인증된 회원만 보기/ });
    await verifiedOnly.check();
    await expectNoSeriousA11yViolations(him.page, `${vp.name}: 매칭 설정 with 인증된 회원만 보기`);
    await him.page.getByRole('button', { name: '추천 조건 저장하기' }).click();
    await expect(him.page.getByText('추천 조건을 저장했어요')).toBeVisible();
    const res = await him.page.request.get('/api/on/matching/recommend?page=0', {
      headers: { Authorization: `Bearer ${him.accessToken}` },
    });
    const cards = (await res.json()) as { memberId: number; verified: { photo: boolean } }[];
    expect(cards.map((c) => c.memberId)).toContain(her.memberId);
    expect(cards.every((c) => c.verified.photo)).toBe(true);
    await him.page.goto('/random/matching');
    await expect(him.page.getByRole('img', { name: '사진 인증된 회원' }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(him.page, `${vp.name}: random matching, verified only`);

    await her.context.close();
    await him.context.close();
  });
}
