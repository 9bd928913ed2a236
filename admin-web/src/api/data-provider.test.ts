import { describe, expect, it, vi } from 'vitest';
import { dataProvider } from './data-provider';

type Call = { url: string; method: string; body: unknown; headers: Headers; credentials?: RequestCredentials };

/** fetch answering each call with the next canned body (and a Content-Range), recording the calls. */
function serve(...answers: Array<{ status?: number; body?: unknown; range?: string }>): Call[] {
  const calls: Call[] = [];
  let i = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({
        url,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        headers: new Headers(init.headers),
        credentials: init.credentials,
      });
      const answer = answers[Math.min(i++, answers.length - 1)] ?? {};
      return new Response(JSON.stringify(answer.body ?? {}), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json', 'Content-Range': answer.range ?? 'x 0-0/0' },
      });
    }),
  );
  return calls;
}

const listParams = { pagination: { page: 2, perPage: 10 }, sort: { field: 'name', order: 'ASC' as const }, filter: {} };

describe('dataProvider: members and posts through ra-data-simple-rest on /admin/api', () => {
  it('asks /admin/api/users with sort, range and filter, and reads the total from Content-Range', async () => {
    const calls = serve({ body: [{ id: 1, name: '김온기' }], range: 'users 10-10/42' });
    const result = await dataProvider.getList('users', { ...listParams, filter: { q: '김', status: 'BANNED' } });
    const url = new URL(calls[0]?.url ?? '', 'http://x');
    expect(url.pathname).toBe('/admin/api/users');
    expect(JSON.parse(url.searchParams.get('sort') ?? '')).toEqual(['name', 'ASC']);
    expect(JSON.parse(url.searchParams.get('range') ?? '')).toEqual([10, 19]);
    expect(JSON.parse(url.searchParams.get('filter') ?? '')).toEqual({ q: '김', status: 'BANNED' });
    expect(result.total).toBe(42);
    expect(calls[0]?.credentials).toBe('include');
    expect(calls[0]?.headers.get('X-Requested-With')).toBe('ongi-admin');
  });

  it('shows the community resource from /admin/api/posts and deletes a post with DELETE', async () => {
    const calls = serve({ body: [], range: 'posts */0' }, { body: { id: 5 } });
    await dataProvider.getList('community', listParams);
    await dataProvider.delete('community', { id: 5, previousData: { id: 5 } });
    expect(new URL(calls[0]?.url ?? '', 'http://x').pathname).toBe('/admin/api/posts');
    expect(calls[1]).toMatchObject({ url: '/admin/api/posts/5', method: 'DELETE' });
    expect(calls[1]?.headers.get('X-Requested-With')).toBe('ongi-admin');
  });
});

describe('dataProvider: notices on the spec paths', () => {
  it('lists GET /notices, newest first, paged in the browser', async () => {
    const notices = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, title: `공지 ${i + 1}`, createdAt: '' }));
    const calls = serve({ body: notices });
    const page = await dataProvider.getList('notices', {
      pagination: { page: 2, perPage: 5 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    expect(calls[0]?.url).toBe('/notices');
    expect(page.total).toBe(12);
    expect(page.data.map((n) => n.id)).toEqual([7, 6, 5, 4, 3]);
  });

  it('creates with POST /notices/create, edits with PATCH /notices/{id}, soft-deletes with PATCH …/delete', async () => {
    const notice = { id: 9, title: '제목', content: '내용', createdAt: '2026-11-22T00:00:00.000Z' };
    const calls = serve({ body: notice }, { body: notice }, { body: notice }, { body: notice });
    await dataProvider.create('notices', { data: { title: '제목', content: '내용' } });
    await dataProvider.update('notices', { id: 9, data: { ...notice, title: '새 제목' }, previousData: notice });
    await dataProvider.delete('notices', { id: 9, previousData: notice });
    await dataProvider.getOne('notices', { id: 9 });
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['POST', '/notices/create'],
      ['PATCH', '/notices/9'],
      ['PATCH', '/notices/9/delete'],
      ['GET', '/notices/9'],
    ]);
    expect(calls[0]?.body).toEqual({ title: '제목', content: '내용' });
    // Only the contract's fields go out, never id/createdAt from the record.
    expect(calls[1]?.body).toEqual({ title: '새 제목', content: '내용' });
    for (const c of calls.slice(0, 3)) expect(c.headers.get('X-Requested-With')).toBe('ongi-admin');
  });

  it("rejects with the server's Korean message when a write fails", async () => {
    serve({ status: 400, body: { code: 'INVALID_INPUT', message: '내용은 1000자를 넘을 수 없어요.' } });
    await expect(dataProvider.create('notices', { data: { title: 't', content: 'x' } })).rejects.toMatchObject({
      status: 400,
      message: '내용은 1000자를 넘을 수 없어요.',
    });
  });
});

describe('dataProvider: feedback and reported members on the spec paths', () => {
  it('lists GET /feedback and searches title/content in the browser', async () => {
    const calls = serve({
      body: [
        { id: 1, title: '앱이 느려요', content: '로딩', createdAt: '', memberId: 3, user: { name: '가' } },
        { id: 2, title: '좋아요', content: '채팅이 편해요', createdAt: '', memberId: 4, user: { name: '나' } },
      ],
    });
    const page = await dataProvider.getList('feedback', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { q: '채팅' },
    });
    expect(calls[0]?.url).toBe('/feedback');
    expect(page.data.map((f) => f.id)).toEqual([2]);
  });

  it('lists GET /admin/userReportInfo for the reports screen', async () => {
    const calls = serve({ body: [{ id: 3, name: '가', reportPendingCount: 1 }] });
    const page = await dataProvider.getList('reports', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'reportPendingCount', order: 'DESC' },
      filter: {},
    });
    expect(calls[0]?.url).toBe('/admin/userReportInfo');
    expect(page.total).toBe(1);
  });
});

describe('dataProvider: console actions', () => {
  it('bans, unbans, reads history, reports and the dashboard on the spec paths', async () => {
    const calls = serve({ body: {} });
    await dataProvider.banMember(7, { reason: '욕설', until: '2026-12-01T18:30:00' });
    await dataProvider.unbanMember(7);
    await dataProvider.banHistory(7);
    await dataProvider.reportsOf(7);
    await dataProvider.settleReport(11, 'accept');
    await dataProvider.settleReport(12, 'reject');
    await dataProvider.dashboard();
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['PATCH', '/admin/members/7/ban'],
      ['PATCH', '/admin/members/7/unban'],
      ['GET', '/admin/members/7/ban-history'],
      ['GET', '/admin/reports/7'],
      ['PATCH', '/admin/reports/11/accept'],
      ['PATCH', '/admin/reports/12/reject'],
      ['GET', '/admin/api/dashboard'],
    ]);
    expect(calls[0]?.body).toEqual({ reason: '욕설', until: '2026-12-01T18:30:00' });
    for (const c of calls) expect(c.headers.get('X-Requested-With')).toBe('ongi-admin');
  });

  it('hides a profile detail with POST /admin/users/{id}/profile-details/hide and the console header', async () => {
    const calls = serve({ body: { bio: null, hidden: [] } });
    await dataProvider.hideProfileDetail(9, { field: 'prompt', questionId: 'life_motto', reason: '광고' });
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/admin/users/9/profile-details/hide', { field: 'prompt', questionId: 'life_motto', reason: '광고' }],
    ]);
    expect(calls[0]?.headers.get('X-Requested-With')).toBe('ongi-admin');
    expect(calls[0]?.credentials).toBe('include');
  });
});
