// Profile details, 받은 마음 and the card's reasons (docs/api-extensions.md "profile-details", docs/matching.md "Why this card") in a real
// browser, on a phone (390×844, touch) and a desktop: profile details filled on
// my page and seen by another member in the profile modal; a heart that shows up in the other
// member's 받은 마음 (badge, 서로 마음); reasons on the matching card; swiping the card with
// pointer (touch) events: right sends a heart and shows the next card, left goes on, 되돌리기
// brings the card back and takes the heart back. axe on every screen.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { newIdentity, signInAs, signUpViaApi, type Identity } from './support/members';

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
  });
  const page = await context.newPage();
  const memberId = await signUpViaApi(page.request, identity, {
    lookingFor,
    interests: ['여행', '음악', '요리'],
    ...SEOUL,
  });
  const { accessToken } = await signInAs(page, identity.email);
  return { context, page, memberId, accessToken };
}

/** Drags the card by dx px with pointer events as a touch screen sends them, then lets go. */
async function swipe(card: Locator, dx: number) {
  const box = await card.boundingBox();
  if (!box) throw new Error('no card on screen');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 3;
  const base = { pointerId: 11, pointerType: 'touch', isPrimary: true, bubbles: true, clientY: y };
  await card.dispatchEvent('pointerdown', { ...base, clientX: x });
  for (const step of [0.25, 0.5, 0.75, 1]) await card.dispatchEvent('pointermove', { ...base, clientX: x + dx * step });
  return () => card.dispatchEvent('pointerup', { ...base, clientX: x + dx });
}

for (const vp of VIEWPORTS) {
  test.describe(`profile details on ${vp.name}`, () => {
    test('details filled on my page are seen in the profile modal; a heart shows in 받은 마음 as 서로 마음', async ({
      browser,
    }) => {
      test.setTimeout(150_000);
      const suffix = vp.name === 'phone' ? '폰' : '데';
      const aName = `한소${suffix}`;
      const a = await member(browser, vp, newIdentity({ name: aName, gender: 'F' }), 'M');
      const b = await member(
        browser,
        vp,
        newIdentity({ name: `윤도${suffix}`, gender: 'M', birthday: '1994-05-05' }),
        'F',
      );

      // A fills the details tab.
      await a.page.goto('/mypage?tab=details');
      const panel = a.page.getByRole('tabpanel', { name: '나를 소개해요' });
      await expect(panel.getByRole('meter', { name: '프로필 완성도' })).toBeVisible();
      await expect(panel.getByText('키와 직업을 채우면 더 많은 분이 프로필을 읽어요.')).toBeVisible();
      // A contact handle in the bio is refused at the field (docs/safety.md), then corrected.
      const bio = panel.getByRole('textbox', { name: '자기소개' });
      await bio.fill('카톡 아이디 hanso123 으로 연락 주세요');
      await panel.getByRole('button', { name: '프로필 정보 저장하기' }).click();
      await expect(bio).toHaveAttribute('aria-invalid', 'true');
      await expect(bio).toHaveAccessibleDescription(/연락처는 대화에서 천천히 나눠 주세요\./);
      await bio.fill('주말마다 한강을 걸어요 🌿');
      await expect(bio).not.toHaveAttribute('aria-invalid');
      await expect(panel.getByText('14/500')).toBeVisible();
      await panel.getByRole('spinbutton', { name: '키 (cm)' }).fill('165');
      await panel.getByRole('combobox', { name: '직업 분야' }).selectOption({ label: '디자인' });
      await panel.getByRole('textbox', { name: '하는 일' }).fill('그래픽 디자이너');
      await panel.getByRole('combobox', { name: 'MBTI' }).selectOption('ENFP');
      await panel.getByRole('button', { name: '질문 카드 추가하기' }).click();
      await panel.getByRole('combobox', { name: '질문 고르기' }).selectOption({ label: '나의 완벽한 주말은' });
      await panel.getByRole('textbox', { name: '‘나의 완벽한 주말은’에 대한 답' }).fill('늦잠 자고 동네 빵집 가기');
      await expectNoSeriousA11yViolations(a.page, `${vp.name}: my page 나를 소개해요`);
      await panel.getByRole('button', { name: '프로필 정보 저장하기' }).click();
      await expect(a.page.getByText('프로필 정보를 저장했어요')).toBeVisible();
      await expect(panel.getByRole('meter', { name: '프로필 완성도' })).not.toHaveAttribute('aria-valuenow', '0');

      // B hearts A first (so A's heart makes it mutual), then A hearts B from B's profile page.
      const heartB = await b.page.request.put(`/api/on/heart/${a.memberId}`, {
        headers: { Authorization: `Bearer ${b.accessToken}` },
      });
      expect(heartB.ok()).toBeTruthy();
      await a.page.goto(`/profiles/${b.memberId}`);
      const heart = a.page.getByRole('button', { name: '관심 표시' });
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');

      // B: the badge (the phone's tab bar, the desktop header), then the 받은 마음 page with A
      // marked 서로 마음 (its own page now).
      await b.page.goto('/main');
      const toReceived = b.page.getByRole('link', { name: /받은 마음/ }).filter({ visible: true });
      await expect(toReceived).toHaveAccessibleName(/받은 마음.*새로 받은 마음 1개/);
      await toReceived.click();
      await b.page.waitForURL('**/received');
      const received = b.page.getByRole('main');
      const cardA = received.locator(`[data-member-id="${a.memberId}"]`);
      await expect(cardA).toBeVisible();
      await expect(cardA.getByText('서로 마음')).toBeVisible();
      await expect(toReceived).toHaveAccessibleName(/^받은 마음$/);
      await expectNoSeriousA11yViolations(b.page, `${vp.name}: 받은 마음 page`);

      // B opens A's profile modal from there and reads the details.
      await cardA.getByRole('button', { name: new RegExp(`^${aName} `) }).click();
      const modal = b.page.getByRole('dialog');
      await expect(modal.getByText('주말마다 한강을 걸어요 🌿')).toBeVisible();
      await expect(modal.getByText('165cm')).toBeVisible();
      await expect(modal.getByText('디자인 · 그래픽 디자이너')).toBeVisible();
      await expect(modal.getByText('ENFP')).toBeVisible();
      await expect(modal.getByText('늦잠 자고 동네 빵집 가기')).toBeVisible();
      await expectNoSeriousA11yViolations(b.page, `${vp.name}: profile modal with details`);
      // Report mode offers 부적절한 프로필.
      await modal.getByRole('button', { name: '신고하기' }).click();
      await expect(modal.getByRole('option', { name: '부적절한 프로필' })).toBeAttached();
      await b.page.keyboard.press('Escape');

      // The chat request from 받은 마음 asks first.
      await cardA.getByRole('button', { name: /채팅 신청하기/ }).click();
      const confirm = b.page.getByRole('dialog', { name: /채팅을 신청할까요/ });
      await expect(confirm).toBeVisible();
      await confirm.getByRole('button', { name: '신청하기' }).click();
      await expect(b.page.getByText('채팅 신청을 보냈어요')).toBeVisible();
      // The first request may be followed by the push opt-in card: not now.
      const pushAsk = b.page.getByRole('region', { name: '알림을 받아 볼까요?' });
      await pushAsk
        .waitFor({ timeout: 3000 })
        .then(() => pushAsk.getByRole('button', { name: '괜찮아요' }).click())
        .catch(() => undefined);
      await expect(cardA.getByRole('button', { name: /채팅 신청했어요/ })).toBeDisabled();

      await a.context.close();
      await b.context.close();
    });

    test('the matching card shows its reasons; swiping right hearts, left goes on, 되돌리기 restores', async ({
      browser,
    }) => {
      test.setTimeout(150_000);
      const me = await member(browser, vp, newIdentity({ name: `스와${vp.name === 'phone' ? '폰' : '데'}` }), 'M');
      const page = me.page;
      const hearts: { method: string; id: number }[] = [];
      page.on('request', (req) => {
        const m = /\/api\/on\/heart\/(\d+)$/.exec(new URL(req.url()).pathname);
        if (m) hearts.push({ method: req.method(), id: Number(m[1]) });
      });

      await page.goto('/random/matching');
      const card = page.getByRole('article');
      await expect(card).toBeVisible();
      const reasons = card.getByRole('list', { name: '추천 이유' });
      await expect(reasons).toBeVisible();
      const chips = await reasons.getByRole('listitem').allTextContents();
      expect(chips.length).toBeGreaterThan(0);
      expect(chips.length).toBeLessThanOrEqual(3);
      for (const chip of chips) expect(chip).toMatch(/[가-힣]/);
      await expectNoSeriousA11yViolations(page, `${vp.name}: matching card with reasons`);

      const idOf = async () => Number(await card.getAttribute('data-member-id'));
      const first = await idOf();

      // Right: the 마음 hint while dragging, a heart, the next card.
      const release = await swipe(card, 220);
      // The badge sits over the stage, not on the moving card.
      await expect(page.locator('.match-card-stage > .swipe-hint--right')).toHaveText('마음');
      await release();
      await expect.poll(idOf).not.toBe(first);
      await expect.poll(() => hearts.filter((h) => h.method === 'PUT' && h.id === first).length).toBe(1);
      const undoBar = page.getByRole('status').filter({ hasText: '마음을 보냈어요' });
      await expect(undoBar).toBeVisible();
      await expectNoSeriousA11yViolations(page, `${vp.name}: 되돌리기 after a swipe`);

      // 되돌리기: the same person again, the heart taken back.
      await page.getByRole('button', { name: '방금 넘긴 카드 되돌리기' }).click();
      await expect.poll(idOf).toBe(first);
      await expect.poll(() => hearts.filter((h) => h.method === 'DELETE' && h.id === first).length).toBe(1);

      // Left: the 다음 hint, the next card, no heart.
      const releaseLeft = await swipe(card, -220);
      await expect(page.locator('.match-card-stage > .swipe-hint--left')).toHaveText('다음');
      await releaseLeft();
      await expect.poll(idOf).not.toBe(first);
      const second = await idOf();
      expect(hearts.filter((h) => h.method === 'PUT')).toHaveLength(1);
      await expect(page.getByRole('status').filter({ hasText: '넘겼어요' })).toBeVisible();

      // The button and the ← key still work.
      await page.getByRole('button', { name: '다음 사람' }).click();
      await expect.poll(idOf).not.toBe(second);
      const third = await idOf();
      await page.keyboard.press('ArrowLeft');
      await expect.poll(idOf).not.toBe(third);

      await me.context.close();
    });
  });
}
