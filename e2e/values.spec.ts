// 가치관 질문 and 궁합 (docs/values.md) on a phone (390×844): a member skips the home page's
// suggestion, answers questions on my page (answer, accepted answers, 꼭, 비공개) and sees the 궁합
// and the other member's public answers on their profile; the other's private answer never shows.
// axe on every screen.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { newIdentity, signInAs, signUpViaApi } from './support/members';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const SEOUL = { city: '서울특별시', district: '마포구', lat: 37.56, lng: 126.91 };

test('answering 가치관 questions on my page shows 궁합 and the shared public answers on a profile', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // The other member answers through the API: three public answers and one private.
  const other = await browser.newContext(PHONE);
  const otherPage = await other.newPage();
  const otherIdentity = newIdentity({ name: '가치윤', gender: 'M', birthday: '1994-05-05' });
  const otherId = await signUpViaApi(otherPage.request, otherIdentity, {
    lookingFor: 'F',
    interests: ['여행'],
    ...SEOUL,
  });
  const { accessToken } = await signInAs(otherPage, otherIdentity.email);
  const saved = await otherPage.request.put('/api/on/values/answers', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: [
      { questionId: 1, answerId: 11, accept: [11, 12], importance: 'VERY', public: true },
      { questionId: 2, answerId: 22, accept: [21, 22], importance: 'SOMEWHAT', public: true },
      { questionId: 3, answerId: 31, accept: [31], importance: 'LITTLE', public: false },
    ],
  });
  expect(saved.ok()).toBeTruthy();

  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const me = newIdentity({ name: '가치솔', gender: 'F' });
  await signUpViaApi(page.request, me, { lookingFor: 'M', interests: ['음악'], ...SEOUL });
  await signInAs(page, me.email);

  // After signup the home page suggests five questions; skippable for good.
  await page.goto('/main');
  const suggestion = page.getByRole('region', { name: '가치관 질문 5개에 답해 볼까요?' });
  await expect(suggestion.getByText('5개 중 1번째 질문')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/main (가치관 suggestion)');
  await suggestion.getByRole('button', { name: '다음에 할게요' }).click();
  await expect(suggestion).toBeHidden();

  await page.goto('/mypage?tab=values');
  const panel = page.getByRole('tabpanel', { name: '가치관' });
  await expect(panel.getByText(/개 중 0개 답했어요/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/mypage?tab=values');

  // [question, my answer, answers I accept]
  const plan: [string, string, string[]][] = [
    ['연인과 연락은 얼마나 자주 하고 싶어요?', '틈날 때마다 자주 해요', ['틈날 때마다 자주 해요']],
    ['연인과는 얼마나 자주 만나고 싶어요?', '거의 매일', ['거의 매일']],
    ['연인의 이성 친구와 단둘이 만나는 건 어때요?', '전혀 괜찮아요', ['전혀 괜찮아요', '미리 말해 주면 괜찮아요']],
  ];
  for (const [i, [question, mine, accept]] of plan.entries()) {
    await panel.getByRole('button', { name: `${question} 답하기` }).click();
    const form = panel.getByRole('form', { name: question });
    await form.getByRole('group', { name: '내 답' }).getByRole('radio', { name: mine }).check();
    const accepts = form.getByRole('group', { name: /상대에게 괜찮은 답/ });
    for (const a of accept) await accepts.getByRole('checkbox', { name: a }).check();
    await form.getByRole('radio', { name: '꼭' }).check();
    if (i === 0) {
      await expectNoSeriousA11yViolations(page, '/mypage?tab=values (answering)');
      await form.getByRole('checkbox', { name: '내 프로필에 이 답을 보여줄게요' }).uncheck();
    }
    await form.getByRole('button', { name: '저장하기' }).click();
    await expect(form).toBeHidden();
  }
  await expect(panel.getByText(/개 중 3개 답했어요/)).toBeVisible();
  await expect(panel.getByText('틈날 때마다 자주 해요 · 꼭 · 비공개')).toBeVisible();

  // Their profile: I accept theirs on 1 and 3 (their 3 is private but counts), not on 2;
  // they accept mine on 1, 2 and 3 → √(2/3 × 1) − 1/3 → 48 %.
  await page.goto(`/profile/${otherId}`);
  const shared = page.getByRole('region', { name: /함께 답한 가치관 질문/ });
  await expect(shared).toContainText('궁합 48%');
  await expect(shared.getByRole('listitem')).toHaveCount(2);
  await expect(shared.getByRole('listitem').first()).toContainText('내가 바라는 답이에요');
  await expect(shared.getByRole('listitem').nth(1)).toContainText('내 생각과 달라요');
  await expect(shared).not.toContainText('연인의 이성 친구와');
  await expectNoSeriousA11yViolations(page, '/profile/{id} (궁합)');
  await context.close();
  await other.close();
});
