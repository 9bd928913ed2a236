import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InstallPrompt } from '../components/install-prompt';
import {
  INSTALL_DISMISSED_KEY,
  VISIT_SESSION_KEY,
  installOffer,
  isIosSafari,
  recordVisit,
  resetInstallPrompt,
  startInstallPrompt,
  visitCount,
} from './install-prompt';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1';

/** A new browser session: the visit flag lives in sessionStorage. */
const newSession = () => sessionStorage.removeItem(VISIT_SESSION_KEY);

function fireInstallEvent() {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

afterEach(() => {
  sessionStorage.clear();
  resetInstallPrompt();
  vi.restoreAllMocks();
});

describe('visit counting', () => {
  it('counts once per browser session, not per reload', () => {
    expect(recordVisit()).toBe(1);
    expect(recordVisit()).toBe(1);
    newSession();
    expect(recordVisit()).toBe(2);
    expect(visitCount()).toBe(2);
  });
});

describe('when the 홈 화면에 추가 prompt shows', () => {
  it('never on the first visit, even when the browser offers installing', () => {
    startInstallPrompt();
    const event = fireInstallEvent();
    expect(event.defaultPrevented).toBe(true); // no mini-infobar on first sight either
    expect(installOffer()).toBeNull();
    render(<InstallPrompt />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('from the second visit with the browser’s install event, and the button opens its dialog', async () => {
    recordVisit();
    newSession();
    startInstallPrompt();
    const event = fireInstallEvent();
    render(<InstallPrompt />);
    expect(screen.getByRole('heading', { name: '온기를 홈 화면에 추가해 보세요' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '홈 화면에 추가' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('heading')).not.toBeInTheDocument());
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('1');
  });

  it('shows the iOS Safari steps (공유 → 홈 화면에 추가) without an install event', () => {
    localStorage.setItem('ongiVisits', '3');
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    render(<InstallPrompt />);
    expect(screen.getByRole('heading', { name: '홈 화면에 추가하는 방법' })).toBeInTheDocument();
    expect(screen.getByText('‘홈 화면에 추가’를 골라 주세요.')).toBeInTheDocument();
  });

  it('shows nothing where installing is not offered (no event, not iOS Safari) or in the installed app', () => {
    localStorage.setItem('ongiVisits', '3');
    expect(installOffer()).toBeNull();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    Object.defineProperty(navigator, 'standalone', { value: true, configurable: true });
    expect(installOffer()).toBeNull();
    Reflect.deleteProperty(navigator, 'standalone');
    expect(isIosSafari(IPHONE_CHROME)).toBe(false);
    expect(isIosSafari(IPHONE_SAFARI)).toBe(true);
  });

  it('remembers 다음에 할게요 and the close button', async () => {
    localStorage.setItem('ongiVisits', '2');
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    const first = render(<InstallPrompt />);
    await userEvent.click(screen.getByRole('button', { name: '다음에 할게요' }));
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('1');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    first.unmount();
    newSession();
    recordVisit();
    render(<InstallPrompt />);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();

    localStorage.removeItem(INSTALL_DISMISSED_KEY);
    resetInstallPrompt();
    await act(async () => undefined);
    await userEvent.click(await screen.findByRole('button', { name: '홈 화면 추가 안내 닫기' }));
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('1');
  });
});
