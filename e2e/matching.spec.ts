// Random matching in a real browser against the demo population: paging past the first page
// (the next page is fetched, nobody repeats, the seen page goes to history), a chat request, the
// profile modal from the card, and a block that makes that person disappear for good.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { declinePushOptIn, newIdentity, signInAs, signUpViaApi } from './support/members';

type Card = { memberId: number; name: string };

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The card with its action buttons lies within the screen (above the phone's tab bar). */
async function expectCardFits(page: Page, bottom: number) {
  const article = await page.getByRole('article').boundingBox();
  const actions = await page.getByRole('group', { name: /님에게$/ }).boundingBox();
  expect(article && actions, 'card and actions have boxes').toBeTruthy();
  if (!article || !actions) return;
  expect(article.y).toBeGreaterThanOrEqual(0);
  expect(article.y + article.height).toBeLessThanOrEqual(bottom + 0.5);
  expect(actions.y + actions.height).toBeLessThanOrEqual(bottom + 0.5);
}

/** Records every recommendation page the page asks for, and every history save. */
function watchMatching(page: Page) {
  const pages = new Map<number, Card[]>();
  const history: { page: number; profileIds: number[] }[] = [];
  page.on('response', async (res) => {
    const url = new URL(res.url());
    if (url.pathname === '/api/on/matching/recommend' && res.ok()) {
      // The deck at the resume page (page=resume, sent by the shell's first-paint script) names its page.
      const page =
        url.searchParams.get('page') === 'resume' ? res.headers()['x-ongi-page'] : url.searchParams.get('page');
      pages.set(Number(page), (await res.json()) as Card[]);
    }
  });
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/on/matching/history/bulk') {
      history.push(req.postDataJSON() as { page: number; profileIds: number[] });
    }
  });
  return { pages, history };
}

const card = (page: Page) => page.getByRole('article');
const cardName = async (page: Page) =>
  ((await card(page).getByRole('heading', { level: 2 }).textContent()) ?? '').replace(/\s*\d+세$/, '').trim();

const cardId = async (page: Page) => Number(await card(page).getAttribute('data-member-id'));

/** Clicks '다음 사람' and waits until another member is on the card; returns their id. */
async function nextPerson(page: Page): Promise<number> {
  const before = await cardId(page);
  await page.getByRole('button', { name: '다음 사람' }).click();
  await expect.poll(() => cardId(page)).not.toBe(before);
  return cardId(page);
}

test('a member pages through random matching, requests a chat, opens a profile and blocks someone', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const me = newIdentity({ name: '정다온', gender: 'F', birthday: '1995-04-02' });
  await signUpViaApi(page.request, me, {
    lookingFor: 'M',
    interests: ['여행', '음악', '요리'],
    city: '서울특별시',
    district: '마포구',
    lat: 37.56,
    lng: 126.91,
  });
  await declinePushOptIn(page);
  const { accessToken } = await signInAs(page, me.email);
  const watch = watchMatching(page);
  await page.setViewportSize(DESKTOP);

  await page.goto('/random/matching');
  await expect(card(page)).toBeVisible();
  await expect(card(page).getByRole('heading', { level: 2 })).toHaveText(/\d+세$/);
  await expect(card(page).getByText(/^#/).first()).toBeVisible();
  // The card and its 다음 / 채팅 신청 / 마음 buttons fit the screen, their keys
  // are named, and a mouse drag over the card selects nothing.
  await expectCardFits(page, DESKTOP.height);
  await expect(page.getByRole('button', { name: '마음 보내기' })).toHaveAttribute('aria-keyshortcuts', 'ArrowRight');
  await expect(page.getByText('키보드로도 할 수 있어요: → 마음 · ← 다음 · ↑ 채팅 신청')).toBeVisible();
  const box = await card(page).boundingBox();
  if (box) {
    await page.mouse.move(box.x + 20, box.y + box.height - 140);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 20, box.y + box.height - 60, { steps: 5 });
    await page.mouse.up();
  }
  expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');
  await expectNoSeriousA11yViolations(page, 'random matching card at 1366×900');

  // Past the first page: 20 cards, then the next page's first ones. Nobody is shown twice.
  const seen = [await cardId(page)];
  for (let i = 0; i < 23; i++) seen.push(await nextPerson(page));
  expect(new Set(seen).size).toBe(seen.length);
  expect(watch.pages.has(1)).toBe(true);
  const page0 = (watch.pages.get(0) ?? []).map((c) => c.memberId);
  const page1 = (watch.pages.get(1) ?? []).map((c) => c.memberId);
  expect(page0).toHaveLength(20);
  expect(page1.filter((id) => page0.includes(id))).toEqual([]);
  // What was shown is exactly the recommended order across the page boundary.
  expect(seen).toEqual([...page0, ...page1].slice(0, 24));
  // Once page 1 had loaded, page 0 went to history (once).
  await expect.poll(() => watch.history.filter((h) => h.page === 0).length).toBe(1);
  expect(watch.history.find((h) => h.page === 0)?.profileIds).toEqual(page0);

  // ← moves on too; → sends a heart and moves on, and the undo bar stays on one line.
  const beforeKey = await cardId(page);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => cardId(page)).not.toBe(beforeKey);
  const hearted = await cardId(page);
  const heartSent = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/on/heart/${hearted}`);
  await page.keyboard.press('ArrowRight');
  expect((await heartSent).ok()).toBe(true);
  await expect.poll(() => cardId(page)).not.toBe(hearted);
  const undo = page.getByRole('button', { name: '방금 넘긴 카드 되돌리기' });
  const undoBox = await undo.boundingBox();
  expect(undoBox?.height ?? 0).toBeLessThan(50);
  expect((await page.locator('.swipe-undo').boundingBox())?.height ?? 0).toBeLessThan(64);

  // A chat request from the card: it asks first, with a short intro; → rests while it asks.
  const requestedId = await cardId(page);
  const requestedName = await cardName(page);
  await page.getByRole('button', { name: '채팅 신청하기' }).click();
  const ask = page.getByRole('dialog', { name: `${requestedName}님에게 채팅을 신청할까요?` });
  await expect(ask).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  // (The open dialog hides the card from the accessibility tree, hence includeHidden.)
  const under = page.getByRole('article', { includeHidden: true });
  expect(await under.getAttribute('data-member-id')).toBe(String(requestedId));
  await ask.getByRole('textbox', { name: /인사말/ }).fill('여행 좋아하세요? 이야기 나눠요 😊');
  await expectNoSeriousA11yViolations(page, 'chat request with an intro from a matching card');
  const sent = page.waitForResponse((res) => new URL(res.url()).pathname === `/api/on/matching/request/${requestedId}`);
  await ask.getByRole('button', { name: '신청하기' }).click();
  const res = await sent;
  expect(res.ok()).toBe(true);
  expect(res.request().postDataJSON()).toEqual({ intro: '여행 좋아하세요? 이야기 나눠요 😊' });
  await expect(page.getByText('채팅 신청을 보냈어요')).toBeVisible();
  await expect(ask).toBeHidden();
  // It is stored with the intro: my matching history lists the request with it (the other side's
  // 요청 tab showing it is e2e/chat-phone.spec.ts; demo members may be gone by now in a full run).
  const history = (await (
    await request.get('/api/on/mypage/matching-history?page=0', { headers: { Authorization: `Bearer ${accessToken}` } })
  ).json()) as { content: { direction: string; opponentMemberId: number; intro?: string | null }[] };
  const mine = history.content.find((h) => h.direction === 'SENT' && h.opponentMemberId === requestedId);
  expect(mine?.intro).toBe('여행 좋아하세요? 이야기 나눠요 😊');
  await expect(card(page).getByRole('button', { name: '채팅을 신청했어요' })).toBeDisabled();

  // The profile modal from the card (someone with a location, as the modal needs one).
  await nextPerson(page);
  while ((await card(page).getByText('지역 비공개').count()) > 0) await nextPerson(page);
  const blockedName = await cardName(page);
  const blockedId = await cardId(page);
  await page.getByRole('button', { name: '이 사람 정보 보기' }).click();
  const modal = page.getByRole('dialog', { name: `${blockedName}님의 프로필` });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('heading', { name: new RegExp(`^${blockedName} \\d+세$`) })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'profile modal from a matching card');

  // Block from the modal: it closes, the card moves on, and they are gone for good.
  await modal.getByRole('button', { name: '차단하기' }).click();
  const confirm = page.getByRole('dialog', { name: `${blockedName}님을 차단할까요?` });
  await confirm.getByRole('button', { name: '차단하기' }).click();
  await expect(page.getByText(`${blockedName}님을 차단했어요`)).toBeVisible();
  await expect(modal).toBeHidden();
  await expect.poll(() => cardId(page)).not.toBe(blockedId);

  const auth = { Authorization: `Bearer ${accessToken}` };
  const blocks = (await (await page.request.get('/api/on/blocks', { headers: auth })).json()) as Card[];
  expect(blocks.map((b) => b.memberId)).toContain(blockedId);
  // Every page of today's list, read again: neither the blocked nor the requested person is there.
  const all: number[] = [];
  for (let p = 0; p < 40; p++) {
    const list = (await (
      await page.request.get(`/api/on/matching/recommend?page=${p}`, { headers: auth })
    ).json()) as Card[];
    if (list.length === 0) break;
    all.push(...list.map((c) => c.memberId));
  }
  expect(all.length).toBeGreaterThan(20);
  expect(all).not.toContain(blockedId);
  expect(all).not.toContain(requestedId);

  // A second visit continues after the saved pages and never shows the blocked person.
  await page.reload();
  await expect(card(page)).toBeVisible();
  const again = [await cardId(page)];
  for (let i = 0; i < 5; i++) again.push(await nextPerson(page));
  expect(again).not.toContain(blockedId);
  expect(again.filter((id) => seen.slice(0, 20).includes(id))).toEqual([]);
});

test('on a phone the card fits above the tab bar, swipes, and the tab bar leads to 받은 마음', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const me = newIdentity({ name: '한여름', gender: 'F', birthday: '1996-06-06' });
  await signUpViaApi(page.request, me, { lookingFor: 'M', interests: ['여행', '음악'] });
  await declinePushOptIn(page);
  await signInAs(page, me.email);
  await page.goto('/random/matching');
  await expect(card(page)).toBeVisible();
  const tabs = page.getByRole('navigation', { name: '하단 메뉴' });
  await expect(tabs.getByRole('link')).toHaveText(['홈', '추천', '채팅', '받은 마음', '마이']);
  const bar = await tabs.boundingBox();
  await expectCardFits(page, bar?.y ?? PHONE.height);
  await expectNoSeriousA11yViolations(page, 'random matching card at 390×844 with the tab bar');

  // A finger swipe still works.
  const before = await cardId(page);
  const box = await card(page).boundingBox();
  if (box) {
    const y = box.y + 120;
    await card(page).dispatchEvent('pointerdown', {
      pointerId: 3,
      pointerType: 'touch',
      isPrimary: true,
      clientX: box.x + 60,
      clientY: y,
    });
    for (const dx of [20, 80, 160, 220])
      await card(page).dispatchEvent('pointermove', {
        pointerId: 3,
        pointerType: 'touch',
        isPrimary: true,
        clientX: box.x + 60 + dx,
        clientY: y,
      });
    await card(page).dispatchEvent('pointerup', {
      pointerId: 3,
      pointerType: 'touch',
      isPrimary: true,
      clientX: box.x + 280,
      clientY: y,
    });
  }
  await expect.poll(() => cardId(page)).not.toBe(before);

  // A demo member's deck shows full cards (match score, summary, reasons, tags): they fit too.
  await signInAs(page, 'demo0001@ongi.dev');
  await page.goto('/random/matching');
  await expect(card(page).locator('.card-reasons')).toBeVisible();
  await expect(card(page).locator('.card-summary')).toBeVisible();
  await expectCardFits(page, (await tabs.boundingBox())?.y ?? PHONE.height);

  await tabs.getByRole('link', { name: /^받은 마음/ }).click();
  await page.waitForURL('**/received');
  await expect(page.getByRole('heading', { level: 1, name: '받은 마음' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '받은 마음 page at 390×844');
  await context.close();
});

test('location-based matching lists nearby members in whole km and opens their profile', async ({ page }) => {
  const me = newIdentity({ name: '윤하람', gender: 'M', birthday: '1993-09-09' });
  await signUpViaApi(page.request, me, {
    lookingFor: 'F',
    city: '서울특별시',
    district: '마포구',
    lat: 37.56,
    lng: 126.91,
  });
  await signInAs(page, me.email);
  await page.goto('/location/matching');
  await page.getByRole('radio', { name: '50km 이내' }).check();
  // A card is a button named by what it shows (name, age, place, interests, distance).
  const first = page.getByRole('main').getByRole('listitem').getByRole('button').first();
  await expect(first).toBeVisible();
  await expect(first).toHaveText(/(1km 이내|\d+km)$/);
  const body = await page.content();
  expect(body).not.toMatch(/37\.\d{3,}|126\.\d{3,}/);
  await first.click();
  await expect(page.getByRole('dialog', { name: /님의 프로필$/ })).toBeVisible();
});

test('a member without a location is sent to /location from location-based matching', async ({ page }) => {
  const me = newIdentity({ name: '서지안', gender: 'F', birthday: '1997-01-20' });
  await signUpViaApi(page.request, me, { lookingFor: 'M' });
  await signInAs(page, me.email);
  await page.goto('/location/matching');
  await page.waitForURL('**/location');
  await expect(page.getByText('가까운 사람을 보려면 먼저 내 위치를 저장해 주세요.')).toBeVisible();
});
