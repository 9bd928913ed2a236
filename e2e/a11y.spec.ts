// WCAG 2.2 AA on every member and admin screen, phone (390×844) and desktop: axe-core audits
// each route and each dialog as a person reaches it, and closing a dialog gives focus back to
// the control that opened it.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { signInAdmin } from './support/admin';
import { expectNoSeriousA11yViolations as audit } from './support/axe';
import { newIdentity, signInAs, signUpViaApi, verifyOnPassPage, type Identity } from './support/members';

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

/** Opens the collapsed phone navigation when there is one. */
async function openNav(page: Page) {
  const toggle = page.getByRole('button', { name: '메뉴 열기' });
  if (await toggle.isVisible()) await toggle.click();
}

/** Closing a dialog gives focus back to its opener (soft: the audit goes on either way). */
async function expectFocusBack(opener: Locator) {
  await expect.soft(opener, 'focus returns to the control that opened the dialog').toBeFocused({ timeout: 3_000 });
}

async function member(browser: Browser, identity: Identity) {
  const page = await (await browser.newContext()).newPage();
  const memberId = await signUpViaApi(page.request, identity, {
    city: '서울특별시',
    district: '마포구',
    lat: 37.56,
    lng: 126.91,
  });
  const { accessToken } = await signInAs(page, identity.email);
  // The push opt-in sheet may come up over any member screen: audit it, then decline.
  let sheetAudited = false;
  await page.addLocatorHandler(page.getByRole('button', { name: '괜찮아요' }), async (decline) => {
    if (!sheetAudited) await audit(page, 'push opt-in sheet');
    sheetAudited = true;
    await decline.click();
  });
  return { page, memberId, token: accessToken };
}

for (const vp of VIEWPORTS) {
  test.describe(`${vp.name} ${vp.width}×${vp.height}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height }, reducedMotion: 'reduce' });

    test('signed-out screens: landing, login, dev portal, agreement, 본인확인, signup, callback, legal, notices, 404', async ({
      page,
    }) => {
      // Two more screens since 본인확인 (its page and the emulated PASS page), each audited.
      test.setTimeout(120_000);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await audit(page, 'landing');
      await page.goto('/?reason=expired');
      await expect(page.getByRole('status')).toBeVisible();
      await audit(page, 'landing (session expired)');

      const start = page.getByRole('button', { name: '시작하기' }).first();
      await start.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await audit(page, 'login modal');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expectFocusBack(start);

      await start.click();
      await page.getByRole('button', { name: '네이버로 로그인' }).click();
      await expect(page.getByRole('heading', { name: '개발용 네이버 로그인' })).toBeVisible();
      await audit(page, 'dev portal authorize');

      const me = newIdentity({ name: '접근성', gender: 'F' });
      await page.getByLabel('이름').fill(me.name);
      await page.getByLabel('이메일').fill(me.email);
      await page.getByLabel('여성').check();
      await page.getByLabel('생년월일').fill(me.birthday);
      await page.getByRole('button', { name: '동의하고 로그인' }).click();
      await page.waitForURL('**/member/termsAgree');
      await expect(page.getByRole('checkbox', { name: '전체 동의' })).toBeVisible();
      await audit(page, 'terms agreement');
      await page.getByRole('checkbox', { name: '전체 동의' }).check();
      await page.getByRole('button', { name: '다음으로' }).click();
      await page.waitForURL('**/signup/verify');
      await audit(page, '본인확인 (identity verification)');
      await verifyOnPassPage(page, me, (what) => audit(page, what));
      await page.waitForURL('**/signup');
      await page.getByRole('button', { name: '여행', exact: true }).click();
      await expect(page.getByRole('button', { name: '여행', exact: true })).toHaveAttribute('aria-pressed', 'true');
      await audit(page, 'signup (an interest chosen)');

      await page.goto('/naver/callback');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await audit(page, 'portal callback (refused)');
      for (const path of ['/terms', '/privacy', '/notices', '/feedback', '/no-such-page']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await audit(page, `${path} (signed out)`);
      }
      await page.goto('/notices');
      await page.getByRole('main').getByRole('link').first().click();
      await page.waitForURL(/\/notices\/\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await audit(page, '/notices/:id (signed out)');
    });

    test('member screens: location, home, about, matching, profile, my page, feedback, notices, community', async ({
      browser,
    }) => {
      test.setTimeout(300_000);
      const other = await member(browser, newIdentity({ name: '박바다', gender: 'M', birthday: '1994-05-20' }));
      await other.page.close();
      const { page } = await member(browser, newIdentity({ name: '최서연', gender: 'F' }));

      await page.goto('/location');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The member chose 마포구 at signup: it shows, with 지역 바꾸기 and a way home.
      await expect(page.getByRole('textbox', { name: '시/군/구' })).toHaveValue('마포구');
      await audit(page, '/location');
      const pick = page.getByRole('button', { name: '지역 바꾸기' });
      await pick.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await audit(page, '/location region dialog');
      await page.keyboard.press('Escape');
      await expectFocusBack(pick);

      for (const path of [
        '/main',
        '/about',
        '/terms',
        '/privacy',
        '/location/matching',
        '/notifications',
        '/signup/details',
        '/no-such-page',
      ]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await audit(page, path);
      }

      await page.goto('/random/matching');
      await expect(page.getByRole('article')).toBeVisible();
      await audit(page, '/random/matching');
      while ((await page.getByRole('article').getByText('지역 비공개').count()) > 0) {
        await page.getByRole('button', { name: '다음 사람' }).click();
      }
      const info = page.getByRole('button', { name: '이 사람 정보 보기' });
      await info.click();
      const modal = page.getByRole('dialog', { name: /님의 프로필$/ });
      await expect(modal.getByRole('heading', { name: /\d+세$/ })).toBeVisible();
      await audit(page, 'profile modal');
      await modal.getByRole('button', { name: '신고하기' }).click();
      const reportForm = page.getByRole('dialog');
      await expect(reportForm.getByRole('combobox')).toBeVisible();
      await audit(page, 'profile modal report form');
      await reportForm.getByRole('button', { name: '닫기' }).first().click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expectFocusBack(info);

      await page.goto(`/profile/${other.memberId}`);
      await expect(page.getByRole('heading', { level: 1, name: /박바다/ })).toBeVisible();
      await audit(page, '/profile/:id');

      // Every tab my page has, whatever it has by now.
      await page.goto('/mypage');
      const tabs = page.getByRole('tablist').getByRole('tab');
      await expect(tabs.first()).toBeVisible();
      for (let i = 0; i < (await tabs.count()); i++) {
        await tabs.nth(i).click();
        await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
        await page.waitForLoadState('networkidle');
        await audit(page, `/mypage tab ${(await tabs.nth(i).textContent())?.trim()}`);
      }
      await page.goto('/mypage?tab=account');
      const withdraw = page.getByRole('button', { name: '회원 탈퇴하기' });
      await withdraw.click();
      await expect(page.getByRole('dialog', { name: '정말 탈퇴할까요?' })).toBeVisible();
      await audit(page, 'withdrawal dialog');
      await page.keyboard.press('Escape');
      await expectFocusBack(withdraw);

      await page.goto('/mypage?tab=photos');
      const remove = page.getByRole('button', { name: /대표 사진 삭제/ });
      await remove.click();
      await expect(page.getByRole('dialog', { name: '이 사진을 삭제할까요?' })).toBeVisible();
      await audit(page, 'confirm dialog (photo delete)');
      await page.getByRole('button', { name: '취소' }).click();
      await expectFocusBack(remove);

      await page.goto('/main');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await openNav(page);
      await page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('button', { name: '피드백' }).click();
      const feedback = page.getByRole('dialog', { name: '피드백 보내기' });
      await expect(feedback).toBeVisible();
      await audit(page, 'feedback dialog');
      await feedback.getByRole('button', { name: '닫기' }).click();
      await expectFocusBack(
        page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('button', { name: '피드백' }),
      );

      for (const path of ['/feedback', '/notices']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await audit(page, `${path} (member)`);
      }
      await page.getByRole('main').getByRole('link').first().click();
      await page.waitForURL(/\/notices\/\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await audit(page, '/notices/:id (member)');

      await page.goto('/communityList');
      await expect(page.getByRole('article').first()).toBeVisible();
      for (const tab of ['자유', '후기', '데이트 코스 추천']) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
        await page.waitForLoadState('networkidle');
        await audit(page, `/communityList ${tab}`);
      }
      const opener = page.getByRole('article').first().getByRole('link').first();
      await opener.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await audit(page, 'community post dialog');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.goto('/communityWrite');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await audit(page, '/communityWrite');
    });

    test('chat: requests, room list, an open room with both people’s messages, the emoji picker', async ({
      browser,
    }) => {
      const jimin = await member(browser, newIdentity({ name: '한지민', gender: 'F' }));
      const seojun = await member(browser, newIdentity({ name: '박서준', gender: 'M', birthday: '1993-05-05' }));
      const sent = await jimin.page.request.post(`/api/on/matching/request/${seojun.memberId}`, {
        headers: { Authorization: `Bearer ${jimin.token}` },
      });
      expect(sent.ok()).toBeTruthy();

      const b = seojun.page;
      await b.goto('/chatting');
      await expect(b.getByRole('tab', { name: /요청/ })).toBeVisible();
      await b.waitForLoadState('networkidle');
      await audit(b, '/chatting (no room)');
      await b.getByRole('tab', { name: /요청/ }).click();
      await expect(b.getByRole('button', { name: '한지민님의 요청 수락하기' })).toBeVisible();
      await audit(b, '/chatting requests');
      await b.getByRole('button', { name: '한지민님의 요청 수락하기' }).click();
      const log = b.getByRole('log', { name: '한지민님과의 대화' });
      await expect(log).toBeVisible();
      await b.getByLabel('메시지 입력').fill('안녕하세요, 반가워요!');
      await b.getByLabel('메시지 입력').press('Enter');
      await expect(log.getByText('안녕하세요, 반가워요!')).toBeVisible();

      const a = jimin.page;
      await a.goto('/chatting');
      await a.getByRole('button', { name: '박서준님과의 대화 열기' }).click();
      await a.getByLabel('메시지 입력').fill('네, 저도 반가워요');
      await a.getByLabel('메시지 입력').press('Enter');
      await expect(log.getByText('네, 저도 반가워요')).toBeVisible();
      await audit(b, '/chatting open room');
      const emoji = b.getByRole('button', { name: '이모지 고르기' });
      await emoji.click();
      await expect(emoji).toHaveAttribute('aria-expanded', 'true');
      await audit(b, '/chatting emoji picker');
    });

    test('admin console: login, dashboard, users and their dialogs, reports, community, notices, feedback', async ({
      page,
      browser,
    }) => {
      test.setTimeout(300_000);
      const reporter = await member(browser, newIdentity({ name: '신고하는회원' }));
      const targetName = `신고대상${Math.random().toString(36).slice(2, 7)}`;
      const target = await member(browser, newIdentity({ name: targetName, gender: 'M' }));
      const report = await reporter.page.request.post('/api/on/report', {
        headers: { Authorization: `Bearer ${reporter.token}` },
        data: {
          targetMemberId: target.memberId,
          reasonType: 'FRAUD',
          content: '대화 중에 돈을 보내 달라고 여러 번 요청했어요.',
          pageUrl: `/profile/${target.memberId}`,
          messageSamples: [],
        },
      });
      expect(report.ok(), await report.text()).toBeTruthy();
      const feedback = await reporter.page.request.post('/feedback/create', {
        headers: { Authorization: `Bearer ${reporter.token}` },
        data: { title: '채팅 알림이 늦어요', content: '메시지가 온 뒤 몇 초 있다가 알림이 떠요.' },
      });
      expect(feedback.ok(), await feedback.text()).toBeTruthy();

      await page.goto('/admin/');
      await expect(page.getByLabel('이메일')).toBeVisible();
      await audit(page, 'admin login');
      await signInAdmin(page, { fresh: true, onSecondFactor: (p) => audit(p, 'admin 2단계 인증') });
      await page.waitForLoadState('networkidle');
      await audit(page, 'admin dashboard');

      await page.goto('/admin/#/users');
      await page.getByPlaceholder('이름 또는 이메일').fill(targetName);
      const row = page.getByRole('row').filter({ hasText: targetName });
      await expect(row).toHaveCount(1);
      await audit(page, 'admin users');
      const ban = row.getByRole('button', { name: '정지', exact: true });
      await ban.click();
      await expect(page.getByRole('dialog', { name: `${targetName}님 이용 정지` })).toBeVisible();
      await audit(page, 'admin ban dialog');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expectFocusBack(ban);
      await row.getByRole('button', { name: /정지 이력/ }).click();
      await expect(page.getByRole('dialog', { name: `${targetName}님의 정지 이력` })).toBeVisible();
      await audit(page, 'admin ban history dialog');
      await page.keyboard.press('Escape');
      await row.getByText(targetName).click();
      await expect(page.getByRole('heading', { name: `${targetName}님의 정보` })).toBeVisible();
      await audit(page, 'admin user detail');

      await page.goto('/admin/#/reports');
      await page.getByPlaceholder('이름 또는 이메일').fill(targetName);
      const reportRow = page.getByRole('row').filter({ hasText: targetName });
      await expect(reportRow).toHaveCount(1);
      await audit(page, 'admin reports');
      await reportRow.getByRole('button', { name: /신고 내역/ }).click();
      await expect(page.getByRole('dialog', { name: `${targetName}님에 대한 신고` })).toBeVisible();
      await audit(page, 'admin reports dialog');
      await page.keyboard.press('Escape');

      // Each screen is audited once its content is in (a list's first record, the form's title box).
      for (const [hash, screen, ready] of [
        ['#/community', 'admin community', page.getByRole('article').first()],
        ['#/notices', 'admin notices', page.getByRole('row').nth(1)],
        ['#/notices/create', 'admin notice create', page.getByRole('textbox', { name: '제목' })],
        ['#/feedback', 'admin feedback', page.getByRole('row').nth(1)],
      ] as const) {
        // The pointer and focus the last screen left on a button would open a tooltip on the next one
        // while it settles, audited mid-fade (a blend of colours no one reads): both go first.
        await page.mouse.move(0, 0);
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await page.goto(`/admin/${hash}`);
        await expect(ready).toBeVisible();
        await page.waitForLoadState('networkidle');
        await audit(page, screen);
      }
      await page.goto('/admin/#/notices');
      await page.getByRole('link', { name: /수정/ }).first().click();
      await expect(page.getByRole('button', { name: '수정하기' })).toBeVisible();
      await audit(page, 'admin notice edit');
    });
  });
}
