// My page, hearts, profiles, feedback and notices in a real browser: photos (upload, promotion
// on delete), interests (the 7th refused), matching settings after a reload, a heart given on a
// profile page found under 내가 좋아한 사람, feedback from the navigation (draft survives closing),
// edited and deleted, a notice read, the data downloaded and the account deleted.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { newIdentity, photoPng, signInAs, signUpViaApi } from './support/members';

const toast = (page: Page, text: string) => page.locator('.toast').filter({ hasText: text });

test('a member changes photos, interests and matching settings on my page', async ({ page }) => {
  const me = newIdentity({ name: '정다은', gender: 'F' });
  await signUpViaApi(page.request, me, { interests: ['여행', '음악'] });
  await signInAs(page, me.email);

  // Photos: the signup photo is the main one; a new main photo replaces it.
  await page.goto('/mypage');
  await expect(page.getByRole('tab', { name: '프로필 사진' })).toHaveAttribute('aria-selected', 'true');
  const main = page.getByRole('img', { name: '내 대표 사진' });
  await expect(main).toBeVisible();
  const signupSrc = await main.getAttribute('src');
  await page
    .getByLabel('사진 바꾸기 (대표 사진)')
    .setInputFiles({ name: 'new-main.png', mimeType: 'image/png', buffer: photoPng(360, 480, 90) });
  await expect(toast(page, '사진을 올렸어요!')).toBeVisible();
  await expect(main).not.toHaveAttribute('src', signupSrc ?? '');
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(360);

  // A sub photo, then deleting the main one promotes it.
  await page
    .getByLabel('사진 올리기 (추가 사진 1)')
    .setInputFiles({ name: 'sub.png', mimeType: 'image/png', buffer: photoPng(300, 300, 160) });
  const sub = page.getByRole('img', { name: '내 추가 사진 1' });
  await expect(sub).toBeVisible();
  const subSrc = await sub.getAttribute('src');
  await page.getByRole('button', { name: '대표 사진 삭제하기' }).click();
  await page.getByRole('dialog', { name: '이 사진을 삭제할까요?' }).getByRole('button', { name: '삭제하기' }).click();
  await expect(toast(page, '사진을 삭제하고, 추가 사진을 대표 사진으로 바꿨어요')).toBeVisible();
  await expect(main).toHaveAttribute('src', subSrc ?? '');
  await expect(sub).toHaveCount(0);

  // Interests: up to six; the seventh is refused with the spec's message.
  await page.getByRole('tab', { name: '관심사' }).click();
  await expect(page).toHaveURL(/\/mypage\?tab=interests$/);
  const panel = page.getByRole('tabpanel', { name: '관심사' });
  await expect(panel.getByRole('button', { name: '여행', exact: true })).toHaveAttribute('aria-pressed', 'true');
  for (const tag of ['운동', '독서', '게임', '요리'])
    await panel.getByRole('button', { name: tag, exact: true }).click();
  await panel.getByRole('button', { name: '사진', exact: true }).click();
  await expect(panel.getByText('관심사는 최대 6개까지 선택할 수 있어요.')).toBeVisible();
  await expect(panel.getByRole('button', { name: '사진', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await panel.getByRole('button', { name: '관심사 저장하기' }).click();
  await expect(toast(page, '관심사를 수정했어요')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tabpanel', { name: '관심사' }).getByRole('button', { pressed: true })).toHaveCount(6);

  // Matching settings: a switch is saved at once and still off after a reload.
  await page.getByRole('tab', { name: '매칭 설정' }).click();
  const friends = page.getByRole('switch', { name: /친구 매칭/ });
  await expect(friends).toBeChecked();
  await friends.click();
  await expect(toast(page, '매칭 설정을 저장했어요')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: /친구 매칭/ })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: /연애 매칭/ })).toBeChecked();
});

test('a heart given on a profile page shows under 내가 좋아한 사람 and leads back to the profile', async ({ page }) => {
  const other = newIdentity({ name: '박바다', gender: 'M', birthday: '1994-05-20' });
  const otherId = await signUpViaApi(page.request, other, {
    interests: ['사진', '여행'],
    city: '서울특별시',
    district: '마포구',
    lat: 37.56,
    lng: 126.91,
  });
  const me = newIdentity({ name: '최서연', gender: 'F' });
  await signUpViaApi(page.request, me);
  await signInAs(page, me.email);

  await page.goto(`/profile/${otherId}`);
  await expect(page.getByRole('heading', { level: 1, name: /박바다/ })).toBeVisible();
  await expect(page.getByText('서울특별시 · 마포구')).toBeVisible();
  await expect(page.getByText('#사진')).toBeVisible();
  const heart = page.getByRole('button', { name: '관심 표시' });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(heart).toBeEnabled();

  // The state is the server's: it survives a reload, also on the /profiles/ route.
  await page.goto(`/profiles/${otherId}`);
  await expect(page.getByRole('button', { name: '관심 표시' })).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/mypage?tab=likes');
  const card = page.getByRole('link', { name: /^박바다 / });
  await expect(card).toBeVisible();
  await card.click();
  await page.waitForURL(`**/profile/${otherId}`);
  await expect(page.getByRole('heading', { level: 1, name: /박바다/ })).toBeVisible();
});

test('a member writes feedback from the navigation (the draft survives closing), edits and deletes it', async ({
  page,
}) => {
  const me = newIdentity({ name: '오하린', gender: 'F' });
  await signUpViaApi(page.request, me);
  await signInAs(page, me.email);
  const title = `채팅 알림 제안 ${Date.now().toString(36)}`;

  await page.goto('/main');
  await page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('button', { name: '피드백' }).click();
  let dialog = page.getByRole('dialog', { name: '피드백 보내기' });
  await dialog.getByRole('textbox', { name: '제목' }).fill(title);
  await dialog.getByRole('textbox', { name: '내용' }).fill('새 메시지가 오면 소리로도 알려 주면 좋겠어요.');
  await expect(dialog.getByText('26/400')).toBeVisible();
  await dialog.getByRole('button', { name: '임시 저장' }).click();
  await expect(toast(page, '임시 저장했어요')).toBeVisible();
  await dialog.getByRole('button', { name: '닫기' }).click();
  await expect(dialog).toHaveCount(0);

  await page.reload();
  await page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('button', { name: '피드백' }).click();
  dialog = page.getByRole('dialog', { name: '피드백 보내기' });
  await expect(dialog.getByRole('textbox', { name: '제목' })).toHaveValue(title);
  await expect(dialog.getByText('임시 저장한 내용을 불러왔어요')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'feedback dialog with a restored draft');
  await dialog.getByRole('button', { name: '보내기' }).click();
  await expect(toast(page, '피드백을 보냈어요. 소중한 의견 고마워요!')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('feedbackDraft'))).toBeNull();

  await page.goto('/mypage?tab=feedback');
  const panel = page.getByRole('tabpanel', { name: '내 피드백' });
  await expect(panel.getByRole('heading', { name: title })).toBeVisible();
  await panel.getByRole('button', { name: `‘${title}’ 수정하기` }).click();
  const edit = page.getByRole('dialog', { name: '피드백 수정하기' });
  await expect(edit.getByRole('textbox', { name: '제목' })).toHaveValue(title);
  await edit.getByRole('textbox', { name: '제목' }).fill(`${title} 수정`);
  await edit.getByRole('button', { name: '수정하기' }).click();
  await expect(toast(page, '피드백을 수정했어요')).toBeVisible();
  await expect(panel.getByRole('heading', { name: `${title} 수정` })).toBeVisible();

  await panel.getByRole('button', { name: `‘${title} 수정’ 삭제하기` }).click();
  await page.getByRole('dialog', { name: '이 피드백을 삭제할까요?' }).getByRole('button', { name: '삭제하기' }).click();
  await expect(toast(page, '삭제했어요')).toBeVisible();
  await expect(panel.getByText(/아직 보낸 피드백이 없어요/)).toBeVisible();
});

test('anyone reads a notice; a member downloads their data and deletes the account', async ({ page }) => {
  // Signed out: the list and a detail page are public.
  await page.goto('/notices');
  await expect(page.getByRole('heading', { level: 1, name: '공지사항' })).toBeVisible();
  const first = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link') })
    .first();
  const noticeTitle = (await first.getByRole('link').textContent()) ?? '';
  await expect(first.locator('time')).toHaveText(/^\d{4}년 \d{1,2}월 \d{1,2}일 오[전후] \d{1,2}:\d{2}$/);
  await first.getByRole('link').click();
  await page.waitForURL(/\/notices\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: noticeTitle })).toBeVisible();
  await expect(page.locator('.notice-detail__content')).not.toBeEmpty();
  await expect(page.getByRole('button', { name: /삭제하기$/ })).toHaveCount(0);

  const me = newIdentity({ name: '한결', gender: 'M', birthday: '1990-01-09' });
  await signUpViaApi(page.request, me);
  await signInAs(page, me.email);
  await page.goto('/mypage?tab=account');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '내 정보 내려받기' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^ongi-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = await readFile(await file.path(), 'utf8');
  expect(data).toContain(me.email);

  await page.getByRole('button', { name: '회원 탈퇴하기' }).click();
  const dialog = page.getByRole('dialog', { name: '정말 탈퇴할까요?' });
  const confirm = dialog.getByRole('button', { name: '탈퇴하기' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: '확인 문구' }).fill('탈퇴할게요');
  await confirm.click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(toast(page, '탈퇴가 끝났어요')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  // The portal identity may sign up again later.
  const again = await page.request.post('/dev-portal/sign-in', { data: { identity: me } });
  expect(((await again.json()) as { status: string }).status).toBe('NEED_AGREEMENT');
});
