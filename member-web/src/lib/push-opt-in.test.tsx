import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRequestChat } from '../api/matching';
import { PushOptInSheet } from '../components/push-opt-in-sheet';
import { RequestList } from '../pages/chatting/request-list';
import { PUSH_OPT_IN_KEY, isPushOptInOpen, offerPushOptIn, resetPushOptIn } from './push-opt-in';
import { accessTokenStore } from './storage';

let permission: NotificationPermission = 'default';
const requestPermission = vi.fn(async () => {
  permission = 'denied';
  return permission;
});

beforeEach(() => {
  permission = 'default';
  requestPermission.mockClear();
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission,
  });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
});

afterEach(() => {
  act(() => resetPushOptIn());
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const request = {
  matchingId: 5,
  opponentId: 9,
  opponentNickname: '지민',
  opponentProfileImageUrl: null,
  requestedAt: new Date().toISOString(),
} as unknown as Parameters<typeof RequestList>[0]['requests'][number];

describe('push opt-in: only after a meaningful moment', () => {
  it('does not open by itself when the app renders', () => {
    render(<PushOptInSheet />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('opens when the 요청 tab shows a received request, not for an empty tab', () => {
    const noop = () => undefined;
    const { rerender } = render(
      <>
        <PushOptInSheet />
        <RequestList requests={[]} busyId={null} onAccept={noop} onReject={noop} />
      </>,
    );
    expect(screen.queryByRole('region', { name: '알림을 받아 볼까요?' })).not.toBeInTheDocument();
    rerender(
      <>
        <PushOptInSheet />
        <RequestList requests={[request]} busyId={null} onAccept={noop} onReject={noop} />
      </>,
    );
    expect(screen.getByRole('region', { name: '알림을 받아 볼까요?' })).toHaveAccessibleDescription(
      '새 메시지와 요청을 놓치지 않게 알려드릴까요?',
    );
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('is a card in the page, not a dialog over the request list it follows', () => {
    const noop = () => undefined;
    render(
      <>
        <RequestList requests={[request]} busyId={null} onAccept={noop} onReject={noop} />
        <PushOptInSheet />
      </>,
    );
    const card = screen.getByRole('region', { name: '알림을 받아 볼까요?' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(card).not.toHaveAttribute('aria-modal');
    // The list stays readable and operable: nothing hides it from assistive technology or the pointer.
    const accept = screen.getByRole('button', { name: /수락/ });
    expect(accept.closest('[aria-hidden="true"], [inert]')).toBeNull();
    expect(document.activeElement).not.toBe(card);
  });

  it('opens after a chat request was sent (useRequestChat succeeded), not when it failed', async () => {
    accessTokenStore.set('token');
    let ok = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        ok
          ? Response.json({ matchingId: 1, status: 'PENDING' })
          : Response.json({ code: 'CONFLICT', message: '이미 요청했어요.' }, { status: 409 }),
      ),
    );
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useRequestChat(), { wrapper });
    await act(() => result.current.mutateAsync(9).catch(() => undefined));
    expect(isPushOptInOpen()).toBe(false);
    ok = true;
    await act(() => result.current.mutateAsync(9));
    await waitFor(() => expect(isPushOptInOpen()).toBe(true));
  });

  it('asks the browser only after 좋아요, and never offers again once answered', async () => {
    render(<PushOptInSheet />);
    act(() => offerPushOptIn());
    await userEvent.click(screen.getByRole('button', { name: '좋아요' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('region')).not.toBeInTheDocument());
    expect(localStorage.getItem(PUSH_OPT_IN_KEY)).toBe('accepted');
    permission = 'default';
    act(() => offerPushOptIn());
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('괜찮아요 closes without the browser prompt and is remembered', async () => {
    render(<PushOptInSheet />);
    act(() => offerPushOptIn());
    await userEvent.click(screen.getByRole('button', { name: '괜찮아요' }));
    expect(requestPermission).not.toHaveBeenCalled();
    expect(localStorage.getItem(PUSH_OPT_IN_KEY)).toBe('declined');
    act(() => offerPushOptIn());
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('is not offered when the browser already decided or push is unsupported', () => {
    permission = 'granted';
    offerPushOptIn();
    expect(isPushOptInOpen()).toBe(false);
    permission = 'default';
    Reflect.deleteProperty(navigator, 'serviceWorker');
    offerPushOptIn();
    expect(isPushOptInOpen()).toBe(false);
  });
});
