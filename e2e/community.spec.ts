// Community in a real browser: write a post with a picture from the 후기 tab (the category starts
// chosen), find it first in that tab only, like and unlike it, comment and delete the comment,
// edit the post, delete it, and follow a link to the deleted post.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { newIdentity, photoPng, signInAs, signUpViaApi } from './support/members';

test('a member writes, likes, comments on, edits and deletes a review post', async ({ page }) => {
  const me = newIdentity({ name: '윤하늘', gender: 'F' });
  await signUpViaApi(page.request, me);
  await signInAs(page, me.email);
  const title = `한강 피크닉 후기 ${Date.now().toString(36)}`;

  await page.goto('/communityList');
  await expect(page.getByRole('tab', { name: '자유' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: '후기' }).click();
  await page.getByRole('link', { name: '새 글 쓰기' }).click();
  await page.waitForURL('**/communityWrite?category=REVIEW');
  // Opened from the 후기 tab, the form starts in that category.
  await expect(page.getByRole('radio', { name: '후기' })).toBeChecked();

  // The client rules come first.
  await page.getByRole('button', { name: '등록하기' }).click();
  await expect(page.getByText('제목을 입력해 주세요')).toBeVisible();
  await expect(page.getByText('카테고리를 선택해 주세요')).toHaveCount(0);

  await page.getByLabel('제목').fill(title);
  await page.getByLabel('내용').fill('노을 질 때 돗자리 펴고 치킨 먹었어요.\n다음에도 또 가고 싶어요!');
  await page
    .getByLabel('사진 고르기')
    .setInputFiles({ name: 'picnic.png', mimeType: 'image/png', buffer: photoPng(480, 360, 40) });
  await expect(page.getByRole('img', { name: '올릴 사진 미리보기' })).toBeVisible();
  await page.getByRole('button', { name: '등록하기' }).click();

  // Back on the feed, in the 후기 tab, the new post is first.
  await page.waitForURL('**/communityList?category=REVIEW');
  await expect(page.getByRole('tab', { name: '후기' })).toHaveAttribute('aria-selected', 'true');
  const firstCard = page.getByRole('article').first();
  await expect(firstCard).toContainText(title);
  await expect(firstCard).toContainText('윤하늘');
  await expect(firstCard.getByRole('img', { name: '게시글 사진' })).toBeVisible();

  // Only in that tab.
  for (const other of ['자유', '데이트 코스 추천']) {
    await page.getByRole('tab', { name: other }).click();
    await expect(page.getByRole('tab', { name: other })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(title)).toHaveCount(0);
  }
  await page.getByRole('tab', { name: '후기' }).click();

  // The detail overlay: picture, like and unlike with the live count.
  await page.getByRole('link', { name: title, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('img', { name: '게시글 사진' })).toBeVisible();
  const like = dialog.getByRole('button', { name: /^좋아요/ });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveText('0');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText('1');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveText('0');

  // A comment, shown as mine ('나'), then deleted after confirmation.
  const input = dialog.getByRole('textbox', { name: '댓글 입력' });
  await input.fill('사진이 정말 예쁘게 나왔네요');
  await input.press('Enter');
  const comment = dialog.getByRole('listitem').filter({ hasText: '사진이 정말 예쁘게 나왔네요' });
  await expect(comment).toBeVisible();
  await expect(comment).toContainText('나');
  await expectNoSeriousA11yViolations(page, 'post dialog with my comment');
  await expect(input).toHaveValue('');
  await comment.getByRole('button', { name: '내 댓글 삭제하기' }).click();
  await page.getByRole('dialog', { name: '이 댓글을 삭제할까요?' }).getByRole('button', { name: '삭제하기' }).click();
  await expect(comment).toHaveCount(0);
  await expect(page.getByText('댓글을 삭제했어요')).toBeVisible();
  // The toast keeps off the comment box.
  const toastBox = await page.locator('.toast').first().boundingBox();
  const inputBox = await input.boundingBox();
  expect(toastBox && inputBox).toBeTruthy();
  if (toastBox && inputBox)
    expect(toastBox.y + toastBox.height <= inputBox.y || toastBox.y >= inputBox.y + inputBox.height).toBe(true);

  // Edit: the author changes the title; the post opens again over its feed.
  await dialog.getByRole('link', { name: '수정' }).click();
  await page.waitForURL(/\/community\/edit\/\d+$/);
  const postId = /\/community\/edit\/(\d+)$/.exec(page.url())?.[1];
  expect(postId).toBeTruthy();
  await expect(page.getByLabel('제목')).toHaveValue(title);
  await expect(page.getByRole('img', { name: '올릴 사진 미리보기' })).toBeVisible();
  const edited = `${title} (수정)`;
  await page.getByLabel('제목').fill(edited);
  await page.getByRole('button', { name: '수정하기' }).click();
  await page.waitForURL(/\/communityList\?category=REVIEW&post=\d+$/);
  const editedDialog = page.getByRole('dialog', { name: edited });
  await expect(editedDialog).toBeVisible();

  // Delete after confirmation: gone from the feed.
  await editedDialog.getByRole('button', { name: '삭제', exact: true }).click();
  await page.getByRole('dialog', { name: '이 글을 삭제할까요?' }).getByRole('button', { name: '삭제하기' }).click();
  await expect(page.getByText('삭제했어요', { exact: true })).toBeVisible();
  await expect(editedDialog).toHaveCount(0);
  await expect(page.getByText(edited)).toHaveCount(0);

  // A link to the deleted post says so, instead of a loading failure.
  await page.goto(`/communityList?post=${postId}`);
  const gone = page.getByRole('dialog');
  await expect(gone.getByRole('alert')).toHaveText('삭제된 글이에요');
  await expect(gone.getByText('게시글을 불러오지 못했어요')).toHaveCount(0);
});
