// The safety shield in chat at phone size (docs/safety.md): a scam-like first message shows the
// receiver a calm notice (신고하기 opens the report form filled in), a first photo from someone the
// receiver has not answered arrives blurred with 사진 보기, and an abusive draft asks '정말 보낼까요?'
// before it goes (수정하기 keeps it). axe runs on each screen state.
import { expect, test } from '@playwright/test';
import { jpegWithMetadata } from '../worker/test/media/fixtures';
import { expectNoSeriousA11yViolations } from './support/axe';
import { newIdentity, phoneMember } from './support/members';

test('a scam-like first message, a blurred first photo and an abusive draft, on a phone', async ({ browser }) => {
  const a = await phoneMember(browser, newIdentity({ name: '남궁별', gender: 'F' }));
  const b = await phoneMember(browser, newIdentity({ name: '제갈온', gender: 'M', birthday: '1992-02-02' }));
  const req = await a.page.request.post(`/api/on/matching/request/${b.memberId}`, { headers: a.headers });
  expect(req.ok(), await req.text()).toBeTruthy();
  const { matchingId } = (await req.json()) as { matchingId: number };
  const acc = await b.page.request.post(`/api/on/chat-rooms/matchings/${matchingId}/accept`, { headers: b.headers });
  expect(acc.ok(), await acc.text()).toBeTruthy();
  const { chatRoomId } = (await acc.json()) as { chatRoomId: number };

  // The sender: a scam-path first message (CONTACT is not something the sender is asked about).
  await a.page.goto(`/chatting/${chatRoomId}`);
  const aLog = a.page.getByRole('log', { name: '제갈온님과의 대화' });
  // The room has loaded its (empty) history before the first message is typed.
  await expect(aLog.getByText('제갈온님과 대화가 시작됐어요. 따뜻한 인사를 건네 보세요!')).toBeVisible();
  const aInput = a.page.getByLabel('메시지 입력');
  await aInput.fill('카톡 아이디 알려줄게요 거기서 얘기해요');
  await aInput.press('Enter');
  await expect(aInput).toHaveValue('');
  await expect(aLog.getByText('카톡 아이디 알려줄게요 거기서 얘기해요')).toBeVisible();
  // Never an accusation: the sender sees no notice.
  await expect(a.page.getByRole('complementary', { name: '온기의 안전 안내' })).toHaveCount(0);
  const { file } = jpegWithMetadata(96, 80);
  const photo = await a.page.request.post(`/api/on/chat-rooms/${chatRoomId}/photos`, {
    headers: a.headers,
    multipart: { image: { name: 'a.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(file) } },
  });
  expect(photo.ok(), await photo.text()).toBeTruthy();

  // The receiver: the notice under the message, the photo blurred.
  const page = b.page;
  await page.goto(`/chatting/${chatRoomId}`);
  const log = page.getByRole('log', { name: '남궁별님과의 대화' });
  const notice = log.getByRole('complementary', { name: '온기의 안전 안내' });
  await expect(notice).toContainText('대화를 외부 메신저로 옮기자고 하는 건 로맨스 스캠의 흔한 수법이에요.');
  await expect(notice.getByRole('button', { name: '남궁별님 차단하기' })).toBeVisible();
  const blurred = log.getByRole('group', { name: '남궁별님이 보낸 흐린 사진' });
  await expect(blurred).toBeVisible();
  await expect(blurred.getByRole('button', { name: '남궁별님이 보낸 사진 신고하기' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/chatting/{id} safety notice and blurred photo');

  // 신고하기 opens the report form filled in with the message.
  await notice.getByRole('button', { name: '남궁별님 신고하기' }).click();
  const report = page.getByRole('dialog', { name: '신고하기' });
  await expect(report.getByRole('textbox')).toHaveValue(/카톡 아이디 알려줄게요/);
  await expectNoSeriousA11yViolations(page, '/chatting/{id} report from a notice');
  await page.keyboard.press('Escape');
  await expect(report).toBeHidden();

  await blurred.getByRole('button', { name: '남궁별님이 보낸 사진 보기' }).click();
  await expect(blurred).toHaveCount(0);
  await expect(log.getByRole('button', { name: '남궁별님이 보낸 사진, 사진 크게 보기' })).toBeVisible();

  // An abusive draft: '정말 보낼까요?'; 수정하기 keeps the text and sends nothing.
  const input = page.getByLabel('메시지 입력');
  await input.fill('씨발 왜 이런 걸 보내요');
  await input.press('Enter');
  const nudge = page.getByRole('dialog', { name: '정말 보낼까요?' });
  await expect(nudge).toContainText('상대에게 상처가 될 수 있는 표현이 있어요.');
  await expectNoSeriousA11yViolations(page, '/chatting/{id} send nudge');
  await nudge.getByRole('button', { name: '수정하기' }).click();
  await expect(nudge).toBeHidden();
  await expect(input).toHaveValue('씨발 왜 이런 걸 보내요');
  await expect(log.getByText('씨발 왜 이런 걸 보내요')).toHaveCount(0);
});
