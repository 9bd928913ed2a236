import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommunityPost } from '@contract/community';
import { jsonResponse } from '../../test/factories';
import { renderPage, renderRoutes } from '../../test/render';
import { CommunityDetailRedirect } from './community-edit-page';
import { CommunityListPage } from './community-list-page';

const ME = 7;
const tokenFor = (sub: number) => `h.${btoa(JSON.stringify({ sub: String(sub) })).replace(/=+$/, '')}.s`;

function post(id: number, over: Partial<CommunityPost> = {}): CommunityPost {
  return {
    id,
    category: 'REVIEW',
    title: `글 ${id}`,
    content: `내용 ${id}`,
    createdAt: new Date(Date.now() - 3 * 60_000).toISOString(),
    views: 3,
    likes: 2,
    commentsCount: 1,
    imageUrl: null,
    writerId: 9,
    writerName: '이서연',
    writerProfileImageUrl: null,
    ...over,
  };
}

type Handler = (url: URL, init?: RequestInit) => Response | undefined;
function serve(handler: Handler) {
  const fetchMock = vi.fn((input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    return Promise.resolve(handler(url, init) ?? jsonResponse({ code: 'NOT_FOUND', message: '없어요' }, 404));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renderList = (at: string) => renderPage('/communityList', <CommunityListPage />, { at });

describe('community list', () => {
  beforeEach(() => localStorage.setItem('accessToken', tokenFor(ME)));

  it('opens the tab named in the address, asks for that category only, and shows its empty message', async () => {
    const fetchMock = serve((url) => (url.pathname === '/api/on/community/posts' ? jsonResponse([]) : undefined));
    renderList('/communityList?category=COURSE');
    expect(screen.getByRole('tab', { name: '데이트 코스 추천' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText(/아직 추천 코스가 없어요/)).toBeInTheDocument();
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('category')).toBe('COURSE');
    // The write page starts with the category of the tab it was opened from.
    expect(screen.getByRole('link', { name: '새 글 쓰기' })).toHaveAttribute('href', '/communityWrite?category=COURSE');
  });

  it('switches tabs and shows cards with writer, relative time, counts and delete only on mine', async () => {
    serve((url) => {
      if (url.pathname !== '/api/on/community/posts') return undefined;
      return jsonResponse(
        url.searchParams.get('category') === 'REVIEW' ? [post(2, { writerId: ME, writerName: '김온기' }), post(1)] : [],
      );
    });
    const user = userEvent.setup();
    renderList('/communityList');
    expect(await screen.findByText(/아직 자유 게시판에 글이 없어요/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '후기' }));
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('김온기');
    expect(cards[0]).toHaveTextContent('3분 전');
    expect(within(cards[0] as HTMLElement).getByText('좋아요 2개, 댓글 1개, 조회 3회')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByRole('button', { name: '‘글 2’ 삭제하기' })).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).queryByRole('button', { name: /삭제하기/ })).not.toBeInTheDocument();
  });

  it('deletes my post after confirmation and says 삭제했어요; a failure says 삭제에 실패했어요', async () => {
    let fail = true;
    const fetchMock = serve((url, init) => {
      if (init?.method === 'DELETE')
        return fail ? jsonResponse({ code: 'X', message: '안 돼요' }, 500) : jsonResponse({});
      if (url.pathname === '/api/on/community/posts') return jsonResponse([post(2, { writerId: ME })]);
      return undefined;
    });
    const user = userEvent.setup();
    renderList('/communityList?category=REVIEW');
    await user.click(await screen.findByRole('button', { name: '‘글 2’ 삭제하기' }));
    await user.click(await screen.findByRole('button', { name: '삭제하기' }));
    expect(await screen.findByText('삭제에 실패했어요')).toBeInTheDocument();
    expect(screen.getByRole('article')).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: '‘글 2’ 삭제하기' }));
    await user.click(await screen.findByRole('button', { name: '삭제하기' }));
    expect(await screen.findByText('삭제했어요')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article')).not.toBeInTheDocument());
    const del = fetchMock.mock.calls.find(([, i]) => i?.method === 'DELETE');
    expect(del?.[0]).toBe('/api/on/community/posts/2');
  });

  it('opens the detail overlay from the address, counts a view and toggles the like with the live count', async () => {
    let liked = false;
    const fetchMock = serve((url, init) => {
      const p = url.pathname;
      if (p === '/api/on/community/posts') return jsonResponse([post(5)]);
      if (p === '/api/on/community/posts/5') return jsonResponse(post(5, { content: '전체 내용이에요' }));
      if (p === '/api/on/community/5/view') return jsonResponse({ counted: true, views: 4 });
      if (p === '/api/on/community/5/like/status') return jsonResponse(liked);
      if (p === '/api/on/community/5/like' && init?.method === 'POST') {
        liked = !liked;
        return jsonResponse({ liked, likes: liked ? 3 : 2 });
      }
      if (p === '/api/on/community/posts/5/comments') return jsonResponse([]);
      return undefined;
    });
    const user = userEvent.setup();
    renderList('/communityList?category=REVIEW&post=5');
    const dialog = await screen.findByRole('dialog', { name: '글 5' });
    expect(within(dialog).getByText('전체 내용이에요')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByText('좋아요 2개, 댓글 1개, 조회 4회')).toBeInTheDocument());
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/on/community/5/view')).toHaveLength(1);
    expect(within(dialog).queryByRole('link', { name: '수정' })).not.toBeInTheDocument();

    const like = within(dialog).getByRole('button', { name: /^좋아요/ });
    await waitFor(() => expect(like).toBeEnabled());
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await user.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    expect(like).toHaveTextContent('3');
    await user.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'false'));
    expect(like).toHaveTextContent('2');
  });
});

describe('신고 and 차단 on others’ posts and comments', () => {
  beforeEach(() => localStorage.setItem('accessToken', tokenFor(ME)));

  it(
    'offers 신고하기 / 차단하기 on another member’s post and comment, none on mine; blocking the writer closes the post',
    { timeout: 20_000 },
    async () => {
      let blocked: string | null = null;
      const comments = [
        {
          id: 1,
          postId: 5,
          content: '좋은 글이에요',
          createdAt: post(5).createdAt,
          writerId: 11,
          writerName: '박하준',
          writerProfileImageUrl: null,
        },
        {
          id: 2,
          postId: 5,
          content: '제 댓글',
          createdAt: post(5).createdAt,
          writerId: ME,
          writerName: '나나',
          writerProfileImageUrl: null,
        },
      ];
      serve((url, init) => {
        const p = url.pathname;
        if (p === '/api/on/community/posts') return jsonResponse(blocked ? [] : [post(5)]);
        if (p === '/api/on/community/posts/5') return jsonResponse(post(5));
        if (p === '/api/on/community/5/view') return jsonResponse({ counted: true, views: 4 });
        if (p === '/api/on/community/5/like/status') return jsonResponse(false);
        if (p === '/api/on/community/posts/5/comments') return jsonResponse(comments);
        if (p.startsWith('/api/on/block/') && init?.method === 'PUT') {
          blocked = p;
          return jsonResponse({});
        }
        return undefined;
      });
      const user = userEvent.setup();
      renderList('/communityList?category=REVIEW&post=5');
      const dialog = await screen.findByRole('dialog', { name: '글 5' });
      await within(dialog).findByText('좋은 글이에요');
      expect(within(dialog).getByRole('button', { name: '박하준님의 댓글 메뉴' })).toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: '나나님의 댓글 메뉴' })).toBeNull();

      await user.click(within(dialog).getByRole('button', { name: '박하준님의 댓글 메뉴' }));
      await user.click(await screen.findByRole('menuitem', { name: '신고하기' }));
      const report = await screen.findByRole('dialog', { name: '신고하기' });
      expect(await within(report).findByText('박하준')).toBeInTheDocument();
      await user.click(within(report).getByRole('button', { name: '뒤로' }));

      await user.click(within(dialog).getByRole('button', { name: '이서연님의 글 메뉴' }));
      await user.click(await screen.findByRole('menuitem', { name: '차단하기' }));
      const confirm = await screen.findByRole('dialog', { name: '이서연님을 차단할까요?' });
      await user.click(within(confirm).getByRole('button', { name: '차단하기' }));
      await waitFor(() => expect(blocked).toBe('/api/on/block/9'));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: '글 5' })).toBeNull());
    },
  );
});

describe('a post that cannot be opened', () => {
  beforeEach(() => localStorage.setItem('accessToken', tokenFor(ME)));

  it('says 삭제된 글이에요 for a deleted post (404), not that loading failed', async () => {
    serve((url) => (url.pathname === '/api/on/community/posts' ? jsonResponse([]) : undefined));
    renderList('/communityList?post=77');
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('삭제된 글이에요');
    expect(within(dialog).queryByText('게시글을 불러오지 못했어요')).not.toBeInTheDocument();
  });

  it('says 게시글을 불러오지 못했어요 when the server fails (not 404)', async () => {
    serve((url) => {
      if (url.pathname === '/api/on/community/posts') return jsonResponse([]);
      if (url.pathname === '/api/on/community/posts/78')
        return jsonResponse({ code: 'INTERNAL', message: '오류' }, 500);
      return undefined;
    });
    renderList('/communityList?post=78');
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      '게시글을 불러오지 못했어요',
    );
  });
});

describe('spec links', () => {
  beforeEach(() => localStorage.setItem('accessToken', tokenFor(ME)));

  it('/communityDetail?id= opens the post over the feed of its own category', async () => {
    const fetchMock = serve((url) => {
      if (url.pathname === '/api/on/community/posts') return jsonResponse([]);
      if (url.pathname === '/api/on/community/posts/8') return jsonResponse(post(8, { category: 'COURSE' }));
      if (url.pathname.startsWith('/api/on/community/8/')) return jsonResponse(false);
      if (url.pathname === '/api/on/community/posts/8/comments') return jsonResponse([]);
      return undefined;
    });
    renderRoutes(
      [
        { path: '/communityDetail', element: <CommunityDetailRedirect /> },
        { path: '/communityList', element: <CommunityListPage /> },
      ],
      { at: '/communityDetail?id=8' },
    );
    expect(await screen.findByRole('dialog', { name: '글 8' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: '데이트 코스 추천', hidden: true })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('category=COURSE'))).toBe(true);
  });
});
