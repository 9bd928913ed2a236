// Privacy on a phone (docs/privacy.md): a member shares a date from the room's ⋮ menu, a friend
// opens the link in a fresh browser with no account, the owner sees the view on 개인정보 and turns
// 비공개 모드 on. axe on each screen.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { newIdentity, PHONE, phoneMember } from './support/members';

test('데이트 공유: a link made in the room opens for a friend without an account; 비공개 모드 on 개인정보', async ({
  browser,
}) => {
  const a = await phoneMember(browser, newIdentity({ name: '정다온', gender: 'F' }));
  const b = await phoneMember(browser, newIdentity({ name: '서이안', gender: 'M', birthday: '1992-02-02' }));
  const req = await a.page.request.post(`/api/on/matching/request/${b.memberId}`, { headers: a.headers });
  expect(req.ok(), await req.text()).toBeTruthy();
  const { matchingId } = (await req.json()) as { matchingId: number };
  const acc = await b.page.request.post(`/api/on/chat-rooms/matchings/${matchingId}/accept`, { headers: b.headers });
  expect(acc.ok(), await acc.text()).toBeTruthy();
  const { chatRoomId } = (await acc.json()) as { chatRoomId: number };

  const page = a.page;
  await page.goto(`/chatting/${chatRoomId}`);
  await page.getByRole('button', { name: '채팅방 메뉴' }).click();
  await page.getByRole('menuitem', { name: '데이트 공유' }).click();
  const dialog = page.getByRole('dialog', { name: '만남 약속 공유하기' });
  await dialog.getByLabel('만나는 장소').fill('망원역 2번 출구 앞 카페');
  await expectNoSeriousA11yViolations(page, 'date share dialog phone');
  await dialog.getByRole('button', { name: '공유 링크 만들기' }).click();
  const link = await dialog.getByLabel('공유 링크').inputValue();
  expect(link).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/);

  // A friend: a fresh browser context, no account.
  const friend = await (await browser.newContext({ viewport: PHONE })).newPage();
  await friend.goto(link);
  await expect(friend.getByRole('heading', { level: 1, name: '온기 안전 공유' })).toBeVisible();
  await expect(friend.getByText('서이안', { exact: true })).toBeVisible();
  await expect(friend.getByText('망원역 2번 출구 앞 카페')).toBeVisible();
  await expect(friend.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expectNoSeriousA11yViolations(friend, '/share/{token} phone');
  // A guessed link says only that it cannot be found.
  await friend.goto(link.replace(/[A-Za-z0-9_-]{43}$/, 'A'.repeat(43)));
  await expect(friend.getByRole('heading', { name: '공유 링크를 찾을 수 없어요' })).toBeVisible();

  // The owner sees the view and turns 비공개 모드 on.
  await page.goto('/mypage?tab=privacy');
  const panel = page.getByRole('tabpanel', { name: '개인정보' });
  await expect(panel.getByText('1번 열어 봤어요.')).toBeVisible();
  const toggle = panel.getByRole('switch', { name: '비공개 모드 켜기' });
  await toggle.check();
  await expect(page.getByText('비공개 모드를 켰어요.')).toBeVisible();
  await expect(toggle).toBeChecked();
  await expectNoSeriousA11yViolations(page, '/mypage?tab=privacy phone');
  // The match is told a share exists, without its contents.
  const notes = await b.page.request.get('/api/on/notifications', { headers: b.headers });
  expect(JSON.stringify(await notes.json())).toContain('공유했어요');
});
