import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failWith, stubFetch } from '../pages/mypage/fetch-stub';
import { Toaster } from './toast/toaster';
import { HeartToggle } from './heart-toggle';

function wrap(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
}

/** A server answer the test releases when it wants to. */
function deferred() {
  let release: (r: Response) => void = () => undefined;
  const promise = new Promise<Response>((r) => (release = r));
  return { promise, release };
}

const heart = () => screen.getByRole('button', { name: '관심 표시' });

describe('heart toggle (docs/product-spec.md §4, §5, §8)', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  it('shows the real current state from the server', () => {
    stubFetch({});
    wrap(<HeartToggle memberId={7} hearted />);
    expect(heart()).toHaveAttribute('aria-pressed', 'true');
  });

  it('turns on at once, is disabled while the PUT is in flight, and stays on when it succeeds', async () => {
    const answer = deferred();
    const onChange = vi.fn();
    const { callsTo } = stubFetch({ 'PUT /api/on/heart/7': () => answer.promise });
    const user = userEvent.setup();
    wrap(<HeartToggle memberId={7} hearted={false} onChange={onChange} />);

    await user.click(heart());
    expect(heart()).toHaveAttribute('aria-pressed', 'true');
    expect(heart()).toBeDisabled();
    expect(callsTo('PUT /api/on/heart/7')).toHaveLength(1);
    expect(callsTo('PUT /api/on/heart/7')[0]?.headers.get('Authorization')).toBe('Bearer member-token');

    answer.release(
      new Response(JSON.stringify({ memberId: 7, hearted: true }), { headers: { 'Content-Type': 'application/json' } }),
    );
    await vi.waitFor(() => expect(heart()).toBeEnabled());
    expect(heart()).toHaveAttribute('aria-pressed', 'true');
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('rolls back and says 관심 표시를 처리하지 못했어요 when the DELETE fails', async () => {
    const answer = deferred();
    const { callsTo } = stubFetch({ 'DELETE /api/on/heart/7': () => answer.promise });
    const user = userEvent.setup();
    const onChange = vi.fn();
    wrap(<HeartToggle memberId={7} hearted onChange={onChange} />);

    await user.click(heart());
    expect(heart()).toHaveAttribute('aria-pressed', 'false');
    answer.release(failWith(500));
    expect(await screen.findByText('관심 표시를 처리하지 못했어요. 잠시 후 다시 시도해 주세요.')).toBeInTheDocument();
    expect(heart()).toHaveAttribute('aria-pressed', 'true');
    expect(heart()).toBeEnabled();
    expect(callsTo('DELETE /api/on/heart/7')).toHaveLength(1);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('without a member id says 필요한 ID 정보가 없어요 and calls nothing', async () => {
    const { fn } = stubFetch({});
    const user = userEvent.setup();
    wrap(<HeartToggle memberId={null} hearted={false} />);
    await user.click(heart());
    expect(await screen.findByText('필요한 ID 정보가 없어요')).toBeInTheDocument();
    expect(heart()).toHaveAttribute('aria-pressed', 'false');
    expect(fn).not.toHaveBeenCalled();
  });
});
