// Profile details in the console (docs/admin.md "Hidden profile texts stay hidden"): a demo member's 프로필 정보 on the user detail, an admin hides their
// 자기소개 with a reason; the detail shows it as hidden and another member's profile modal no longer
// carries it. axe on the detail and the dialog, at desktop and phone size.
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { AdminUserDetail } from '../worker/src/contract/admin-core';
import { signInAdmin } from './support/admin';
import { expectNoSeriousA11yViolations } from './support/axe';

const VIEWER = 'demo0001@ongi.dev';

async function memberToken(request: APIRequestContext, email: string) {
  const res = await request.post('/dev-portal/sign-in', { data: { identity: { email } } });
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as { status: string; memberId: number; accessToken: string };
  expect(body.status).toBe('LOGIN');
  return body;
}

type ModalDetails = { details?: { bio: string | null } | null };

test('an admin hides a demo member’s 자기소개 with a reason; other members no longer see it', async ({
  page,
  playwright,
}) => {
  await signInAdmin(page);

  const memberApi = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const viewer = await memberToken(memberApi, VIEWER);
  const auth = { Authorization: `Bearer ${viewer.accessToken}` };

  // A demo member with a visible bio that the viewer's profile modal shows.
  let target: AdminUserDetail | null = null;
  for (let id = 2; id <= 60 && !target; id++) {
    if (id === viewer.memberId) continue;
    const res = await page.request.get(`/admin/api/users/${id}`);
    if (!res.ok()) continue;
    const user = (await res.json()) as AdminUserDetail;
    const d = user.profileDetails;
    if (!d?.bio || d.hidden.some((h) => h.field === 'bio') || user.status !== 'ACTIVE') continue;
    const modal = await memberApi.get(`/api/on/profile/modal/${id}`, { headers: auth });
    if (!modal.ok()) continue;
    if (((await modal.json()) as ModalDetails).details?.bio !== d.bio) continue;
    target = user;
  }
  expect(target, 'a demo member with a bio').not.toBeNull();
  const member = target!;
  const bio = member.profileDetails!.bio!;

  await page.getByRole('menuitem', { name: '사용자' }).click();
  await page.getByPlaceholder('이름 또는 이메일').fill(member.email);
  const row = page.getByRole('row').filter({ hasText: member.email });
  await expect(row).toHaveCount(1);
  await row.getByText(member.name).first().click();
  await expect(page.getByRole('heading', { name: `${member.name}님의 정보` })).toBeVisible();

  const section = page.getByRole('region', { name: '프로필 정보' });
  await expect(section).toContainText(bio.slice(0, 20));
  await expect(section).toContainText('찾는 관계');
  await expectNoSeriousA11yViolations(page, 'admin user detail with profile details');

  const opener = section.getByRole('button', { name: '자기소개 숨기기' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: '자기소개 숨기기' });
  await dialog.getByRole('button', { name: '숨기기' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('숨기는 이유를 적어 주세요');
  await expectNoSeriousA11yViolations(page, 'admin hide detail dialog');

  // Cancel puts focus back on the opener.
  await dialog.getByRole('button', { name: '취소' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await dialog.getByRole('textbox', { name: /숨기는 이유/ }).fill('연락처를 적어 두었어요');
  await expect(dialog).toContainText('12/200');
  await dialog.getByRole('button', { name: '숨기기' }).click();
  await expect(page.getByText('숨김 처리를 완료했어요')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(section).toContainText('숨김 처리됨');
  await expect(section).toContainText('숨긴 이유: 연락처를 적어 두었어요');
  await expect(section.getByRole('button', { name: '자기소개 숨기기' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '프로필 정보' })).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'admin user detail with a hidden bio');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText('숨긴 이유: 연락처를 적어 두었어요')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'admin user detail (phone)');

  // Another member's profile modal no longer carries the bio; the stored one is kept for the member.
  const modal = await memberApi.get(`/api/on/profile/modal/${member.id}`, { headers: auth });
  expect(modal.ok()).toBeTruthy();
  const shown = (await modal.json()) as ModalDetails;
  expect(shown.details).toBeTruthy();
  expect(shown.details!.bio ?? null).toBeNull();
  expect(JSON.stringify(shown)).not.toContain(bio);
  const own = await memberToken(memberApi, member.email);
  const mine = await memberApi.get('/api/on/mypage/profile-details', {
    headers: { Authorization: `Bearer ${own.accessToken}` },
  });
  const myDetails = (await mine.json()) as { bio: string; hidden: { field: string; reason: string }[] };
  expect(myDetails.bio).toBe(bio);
  expect(myDetails.hidden).toContainEqual(expect.objectContaining({ field: 'bio', reason: '연락처를 적어 두었어요' }));
  await memberApi.dispose();
});
