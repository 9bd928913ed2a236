// Notification center in two browsers, on a phone (390×844) and a desktop: a heart given in the UI
// moves the other member's bell live (no reload), /notifications shows it under 오늘 and opens the
// giver's profile, marking it read; a chat request and another heart come in live, 모두 읽음
// clears the bell; 알림 설정 survives a reload. axe audits every screen on the way.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { exclusive, HOLDS } from './support/exclusive';
import { declinePushOptIn, type Identity, newIdentity, signInAs, signUpViaApi } from './support/members';

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 860 },
];

async function member(
  browser: Browser,
  identity: Identity,
  viewport: { width: number; height: number },
): Promise<{ page: Page; memberId: number; token: string }> {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await declinePushOptIn(page);
  // Profiles are shown with a distance: everyone here lives in 마포구.
  const memberId = await signUpViaApi(page.request, identity, {
    city: '서울특별시',
    district: '마포구',
    lat: 37.56,
    lng: 126.91,
  });
  const { accessToken } = await signInAs(page, identity.email);
  return { page, memberId, token: accessToken };
}

for (const vp of VIEWPORTS) {
  test(`bell, list, 모두 읽음 and settings (${vp.name})`, async ({ browser }) => {
    // A notice posted meanwhile (admin.spec, push-delivery.spec) would be one more in every bell here.
    await exclusive(HOLDS.noticeFanOut, async () => {
      const viewport = { width: vp.width, height: vp.height };
      const jimin = await member(browser, newIdentity({ name: '한지민', gender: 'F' }), viewport);
      const seojun = await member(
        browser,
        newIdentity({ name: '박서준', gender: 'M', birthday: '1993-05-05' }),
        viewport,
      );
      const dahye = await member(
        browser,
        newIdentity({ name: '이다혜', gender: 'F', birthday: '1997-07-07' }),
        viewport,
      );

      // 서준 waits on the home page: the bell has nothing to say yet.
      const b = seojun.page;
      await b.goto('/main');
      const bell = b.getByRole('banner').getByRole('link', { name: /^알림/ });
      await expect(bell).toBeVisible();
      await expect(bell).toHaveAccessibleName('알림');

      // 지민 sends a heart from 서준's profile page; his bell counts it without a reload.
      const a = jimin.page;
      await a.goto(`/profile/${seojun.memberId}`);
      const heart = a.getByRole('button', { name: '관심 표시' });
      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
      await expect(bell).toHaveAccessibleName('알림 1개 안 읽음', { timeout: 15_000 });
      await expect(bell).toHaveText('1');

      // The list: under 오늘, unread in words; opening it lands on 지민's profile and reads it.
      await bell.click();
      await expect(b).toHaveURL(/\/notifications$/);
      await expect(b.getByRole('heading', { level: 1, name: '알림' })).toBeVisible();
      const today = b.getByRole('region', { name: '오늘' });
      const entry = today.getByRole('link', { name: /마음을 받았어요/ });
      await expect(entry).toContainText('한지민님이 마음을 보냈어요');
      await expect(entry).toContainText('안 읽음');
      await expect(b.getByText(/알림은 30일 동안 보관돼요/)).toBeVisible();
      await expectNoSeriousA11yViolations(b, '/notifications');
      await entry.click();
      await expect(b).toHaveURL(new RegExp(`/profile/${jimin.memberId}$`));
      await expect(b.getByRole('heading', { level: 1, name: /한지민/ })).toBeVisible();
      await expect(bell).toHaveAccessibleName('알림');

      // A chat request and another heart arrive while 서준 is on the list: the bell says 2, live.
      await b.goto('/notifications');
      await expect(b.getByRole('link', { name: /마음을 받았어요/ })).not.toContainText('안 읽음');
      const req = await a.request.post(`/api/on/matching/request/${seojun.memberId}`, {
        headers: { Authorization: `Bearer ${jimin.token}` },
      });
      expect(req.ok(), await req.text()).toBeTruthy();
      const love = await dahye.page.request.put(`/api/on/heart/${seojun.memberId}`, {
        headers: { Authorization: `Bearer ${dahye.token}` },
      });
      expect(love.ok(), await love.text()).toBeTruthy();
      await expect(bell).toHaveAccessibleName('알림 2개 안 읽음', { timeout: 15_000 });
      await expect(b.getByRole('link', { name: /채팅 요청이 왔어요/ })).toContainText('한지민님이 채팅을 요청했어요');
      await expect(b.getByRole('link', { name: /마음을 받았어요.*이다혜/ })).toContainText('안 읽음');
      await expectNoSeriousA11yViolations(b, '/notifications with unread entries');

      // 모두 읽음 clears the bell and every 안 읽음 mark; a reload agrees.
      await b.getByRole('button', { name: '모두 읽음' }).click();
      await expect(bell).toHaveAccessibleName('알림');
      await expect(b.getByText('안 읽음', { exact: true })).toHaveCount(0);
      await b.reload();
      await expect(b.getByRole('link', { name: /채팅 요청이 왔어요/ })).toBeVisible();
      await expect(bell).toHaveAccessibleName('알림');

      // The chat request's entry opens the chat page on its 요청 tab.
      await b.getByRole('link', { name: /채팅 요청이 왔어요/ }).click();
      await expect(b.getByRole('tab', { name: /요청/ })).toHaveAttribute('aria-selected', 'true');

      // 알림 설정: turn 마음 push off, quiet hours 23:00–07:30, save, and find them after a reload.
      await b.goto('/notifications');
      await b.getByRole('link', { name: '알림 설정' }).click();
      await expect(b).toHaveURL(/\/mypage\?tab=notifications$/);
      const heartSwitch = b.getByRole('switch', { name: '마음을 받았어요' });
      await expect(heartSwitch).toBeChecked();
      await expect(b.getByRole('combobox', { name: '시작' })).toHaveValue('22:00');
      await expect(b.getByRole('combobox', { name: '끝' })).toHaveValue('08:00');
      await expectNoSeriousA11yViolations(b, '/mypage?tab=notifications');
      await heartSwitch.click();
      await b.getByRole('combobox', { name: '시작' }).selectOption('23:00');
      await b.getByRole('combobox', { name: '끝' }).selectOption('23:00');
      await expect(b.getByRole('alert')).toContainText('시작과 끝 시간을 다르게 골라 주세요.');
      await expect(b.getByRole('button', { name: '알림 설정 저장' })).toBeDisabled();
      await b.getByRole('combobox', { name: '끝' }).selectOption('07:30');
      await b.getByRole('button', { name: '알림 설정 저장' }).click();
      await expect(b.locator('form').getByRole('status')).toHaveText('알림 설정을 저장했어요');
      await b.reload();
      await expect(b.getByRole('switch', { name: '마음을 받았어요' })).not.toBeChecked();
      await expect(b.getByRole('switch', { name: '새 메시지' })).toBeChecked();
      await expect(b.getByRole('combobox', { name: '시작' })).toHaveValue('23:00');
      await expect(b.getByRole('combobox', { name: '끝' })).toHaveValue('07:30');

      // A member with nothing yet sees the friendly empty state.
      const d = dahye.page;
      await d.goto('/notifications');
      await expect(d.getByRole('heading', { name: '아직 알림이 없어요' })).toBeVisible();
      await expectNoSeriousA11yViolations(d, '/notifications empty');

      for (const m of [jimin, seojun, dahye]) await m.page.context().close();
    });
  });
}
