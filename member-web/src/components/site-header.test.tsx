// The header's drop-down and feedback dialog load only when first wanted (site-header.tsx): nothing
// of theirs is imported with the frame, and the stand-in trigger opens the real menu once loaded.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../pages/mypage/fetch-stub';
import { renderPage } from '../test/render';
import { SiteHeader } from './site-header';

const loaded = vi.hoisted(() => ({ menu: 0, feedback: 0 }));
vi.mock('./matching-menu', async (original) => {
  loaded.menu++;
  return original();
});
vi.mock('./feedback-dialog/feedback-dialog', async (original) => {
  loaded.feedback++;
  return original();
});

const nav = () => screen.getByRole('navigation', { name: '주요 메뉴' });

describe('site header (lazy drop-down and feedback dialog)', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'member-token');
    stubFetch({ 'GET /api/on/notifications/unread-count': { count: 0 } });
  });

  it('renders without loading the menu or the dialog, then opens the menu on the first click', async () => {
    renderPage('/main', <SiteHeader />);
    const standIn = screen.getByRole('button', { name: '매칭' });
    expect(standIn).toHaveAttribute('aria-haspopup', 'menu');
    expect(standIn).toHaveAttribute('aria-expanded', 'false');
    expect(loaded.menu).toBe(0);
    expect(loaded.feedback).toBe(0);

    await userEvent.setup().click(standIn);
    expect(await screen.findByRole('menuitem', { name: '랜덤 매칭' })).toHaveAttribute('href', '/random/matching');
    expect(screen.getByRole('menuitem', { name: '위치 기반 매칭' })).toHaveAttribute('href', '/location/matching');
    expect(screen.getByRole('button', { name: '매칭' })).toHaveAttribute('aria-expanded', 'true');
    expect(loaded.menu).toBe(1);
    expect(loaded.feedback).toBe(0);
  });

  it('keeps keyboard focus on the trigger when the menu loads under it, and ↓ opens it', async () => {
    renderPage('/main', <SiteHeader />);
    screen.getByRole('button', { name: '매칭' }).focus();
    // The loaded trigger replaces the stand-in: focus moves with it.
    await waitFor(() => expect(screen.getByRole('button', { name: '매칭' }).id).toMatch(/^radix-/));
    const trigger = screen.getByRole('button', { name: '매칭' });
    expect(trigger).toHaveFocus();
    await userEvent.setup().keyboard('{ArrowDown}');
    expect(await screen.findByRole('menuitem', { name: '랜덤 매칭' })).toBeInTheDocument();
  });

  it('loads the feedback dialog on its first opening and gives focus back to 피드백 when it closes', async () => {
    renderPage('/main', <SiteHeader />);
    const user = userEvent.setup();
    const button = () => nav().querySelector<HTMLButtonElement>('.site-nav__feedback')!;
    await user.click(button());
    const dialog = await screen.findByRole('dialog', { name: '피드백 보내기' });
    expect(loaded.feedback).toBe(1);
    await user.click(screen.getAllByRole('button', { name: '닫기' })[0]!);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(button()).toHaveFocus();
  });
});
