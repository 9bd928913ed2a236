import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { PROFILE_CONTACT_CODE, PROFILE_CONTACT_KO } from '@contract/safety/member-limits';
import { jsonResponse } from '../../test/factories';
import { renderPage } from '../../test/render';
import { stubFetch } from '../mypage/fetch-stub';
import { CommentSection } from './comment-section';

describe('comment input (docs/safety.md)', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  it("shows a refused comment's reason at the input and keeps the text", async () => {
    stubFetch({
      'GET /api/on/community/posts/5/comments': [],
      'POST /api/on/community/posts/5/comments': () =>
        jsonResponse(
          { code: PROFILE_CONTACT_CODE, message: PROFILE_CONTACT_KO, fields: { content: PROFILE_CONTACT_KO } },
          400,
        ),
    });
    const user = userEvent.setup();
    renderPage('/community/5', <CommentSection postId={5} me={1} />);
    const input = await screen.findByRole('textbox', { name: '댓글 입력' });
    await user.type(input, '궁금하면 010-1234-5678 로 연락 주세요');
    await user.click(screen.getByRole('button', { name: '등록' }));
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(PROFILE_CONTACT_KO);
    expect(input).toHaveValue('궁금하면 010-1234-5678 로 연락 주세요');
  });
});
