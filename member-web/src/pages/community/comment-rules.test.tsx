import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { KeyboardEvent } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMUNITY_KO, COMMUNITY_LIMITS } from '@contract/community';
import { Toaster } from '../../components/toast/toaster';
import { jsonResponse } from '../../test/factories';
import { checkComment, isSendKey } from './comment-rules';
import { CommentSection } from './comment-section';

type Key = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'keyCode' | 'nativeEvent'>;
const key = (over: Partial<{ key: string; shiftKey: boolean; keyCode: number; isComposing: boolean }> = {}): Key =>
  ({
    key: over.key ?? 'Enter',
    shiftKey: over.shiftKey ?? false,
    keyCode: over.keyCode ?? 13,
    nativeEvent: { isComposing: over.isComposing ?? false },
  }) as Key;

describe('comment rules', () => {
  it('sends the trimmed text and refuses empty or whitespace-only comments', () => {
    expect(checkComment('  반가워요  ')).toEqual({ ok: true, content: '반가워요' });
    expect(checkComment('')).toEqual({ ok: false, message: COMMUNITY_KO.commentRequired });
    expect(checkComment(' \n ')).toEqual({ ok: false, message: COMMUNITY_KO.commentRequired });
  });

  it('allows 1000 characters and refuses 1001', () => {
    expect(checkComment('가'.repeat(COMMUNITY_LIMITS.commentMax)).ok).toBe(true);
    expect(checkComment('가'.repeat(COMMUNITY_LIMITS.commentMax + 1))).toEqual({
      ok: false,
      message: COMMUNITY_KO.commentTooLong,
    });
  });

  it('sends on Enter but not with Shift, nor while a Hangul syllable is being composed', () => {
    expect(isSendKey(key())).toBe(true);
    expect(isSendKey(key({ shiftKey: true }))).toBe(false);
    expect(isSendKey(key({ isComposing: true }))).toBe(false);
    expect(isSendKey(key({ keyCode: 229 }))).toBe(false);
    expect(isSendKey(key({ key: 'a' }))).toBe(false);
  });
});

describe('comment section', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  const comment = (id: number, writerId: number, content: string) => ({
    id,
    content,
    createdAt: new Date().toISOString(),
    writerId,
    writerName: writerId === 7 ? '김온기' : '이서연',
    writerProfileImageUrl: null,
  });

  function renderSection(fetchMock: ReturnType<typeof vi.fn>) {
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    return render(
      <QueryClientProvider client={client}>
        <CommentSection postId={5} me={7} />
        <Toaster />
      </QueryClientProvider>,
    );
  }

  it("shows my comments as '나' with delete, others by name, and adds a comment at the bottom on Enter", async () => {
    const fetchMock = vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return Promise.resolve(jsonResponse(comment(3, 7, String(init.body).trim())));
      return Promise.resolve(jsonResponse([comment(1, 9, '좋은 글이에요'), comment(2, 7, '고마워요')]));
    });
    renderSection(fetchMock);
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('이서연');
    expect(items[1]).toHaveTextContent('나');
    expect(screen.getAllByRole('button', { name: '내 댓글 삭제하기' })).toHaveLength(1);

    const input = screen.getByRole('textbox', { name: '댓글 입력' });
    // Enter that finishes a composition does not send.
    await userEvent.type(input, '새 댓글');
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 229, isComposing: true });
    expect(fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST')).toHaveLength(0);

    fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    const post = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST');
    expect(post?.[0]).toBe('/api/on/community/posts/5/comments');
    expect(post?.[1]?.body).toBe('새 댓글');
    expect(screen.getAllByRole('listitem')[2]).toHaveTextContent('새 댓글');
    expect(input).toHaveValue('');
  });

  it('says 댓글을 등록하지 못했어요 when the server refuses, and 댓글을 삭제하지 못했어요 after a failed delete', async () => {
    const fetchMock = vi.fn((_url: string, init?: RequestInit) => {
      if (init?.method === 'POST' || init?.method === 'DELETE') {
        return Promise.resolve(jsonResponse({ code: 'X', message: '안 돼요' }, 500));
      }
      return Promise.resolve(jsonResponse([comment(2, 7, '내 댓글')]));
    });
    renderSection(fetchMock);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: '댓글 입력' }), '실패할 댓글{Enter}');
    expect(await screen.findByText('댓글을 등록하지 못했어요')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '내 댓글 삭제하기' }));
    await user.click(await screen.findByRole('button', { name: '삭제하기' }));
    expect(await screen.findByText('댓글을 삭제하지 못했어요')).toBeInTheDocument();
    expect(screen.getByText('내 댓글')).toBeInTheDocument();
  });
});
