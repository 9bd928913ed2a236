import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_KINDS, type NotificationSettings } from '@contract/notifications';
import { renderPage } from '../../test/render';
import { failWith, stubFetch } from './fetch-stub';
import { NotificationsTab, quietTimeLabel, settingsProblem } from './notifications-tab';

/** The form's own status line (the toaster has one too). */
const formStatus = () =>
  within(screen.getByRole('button', { name: '알림 설정 저장' }).closest('form')!).getByRole('status');

// The device switch drives lib/push.ts (its own tests fake the browser); here it is a stand-in.
const push = vi.hoisted(() => ({
  state: 'granted' as string,
  getPushState: vi.fn(),
  subscribePush: vi.fn(),
  unsubscribePush: vi.fn(),
}));
vi.mock('../../lib/push', () => ({
  getPushState: push.getPushState,
  subscribePush: push.subscribePush,
  unsubscribePush: push.unsubscribePush,
}));

const defaults = (): NotificationSettings => ({
  push: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, true])) as NotificationSettings['push'],
  quietHours: { enabled: true, start: '22:00', end: '08:00' },
});

describe('notification settings form', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'member-token');
    push.state = 'granted';
    push.getPushState.mockImplementation(async () => push.state);
    push.subscribePush.mockImplementation(async () => {
      push.state = 'subscribed';
      return 'subscribed';
    });
    push.unsubscribePush.mockImplementation(async () => {
      push.state = 'granted';
    });
  });

  it('checks the form with the contract: start and end must differ, times are HH:MM', () => {
    expect(settingsProblem(defaults())).toBeNull();
    const same = defaults();
    same.quietHours.end = '22:00';
    expect(settingsProblem(same)).toEqual({ field: 'quietHours.end', message: '시작과 끝 시간을 다르게 골라 주세요.' });
    const bad = defaults();
    bad.quietHours.start = '24:00';
    expect(settingsProblem(bad)?.field).toBe('quietHours.start');
    expect(quietTimeLabel('22:00')).toBe('오후 10:00');
    expect(quietTimeLabel('00:30')).toBe('오전 12:30');
    expect(quietTimeLabel('12:00')).toBe('오후 12:00');
  });

  it('shows every kind and 22:00–08:00, saves changes with PUT and says so', async () => {
    const { callsTo } = stubFetch({
      'GET /api/on/notifications/settings': defaults(),
      'PUT /api/on/notifications/settings': (req) => req.json,
    });
    const user = userEvent.setup();
    renderPage('/mypage', <NotificationsTab />);
    const heart = await screen.findByRole('switch', { name: '마음을 받았어요' });
    expect(screen.getAllByRole('switch')).toHaveLength(NOTIFICATION_KINDS.length + 2);
    expect(screen.getByRole('combobox', { name: '시작' })).toHaveValue('22:00');
    expect(screen.getByRole('combobox', { name: '끝' })).toHaveValue('08:00');

    await user.click(heart);
    await user.selectOptions(screen.getByRole('combobox', { name: '시작' }), '23:30');
    await user.click(screen.getByRole('button', { name: '알림 설정 저장' }));
    await waitFor(() => expect(formStatus()).toHaveTextContent('알림 설정을 저장했어요'));
    const body = callsTo('PUT /api/on/notifications/settings')[0]?.json as NotificationSettings;
    expect(body.push.HEART).toBe(false);
    expect(body.push.MESSAGE).toBe(true);
    expect(body.quietHours).toEqual({ enabled: true, start: '23:30', end: '08:00' });
  });

  it('refuses the same start and end without calling the server', async () => {
    const { callsTo } = stubFetch({ 'GET /api/on/notifications/settings': defaults() });
    const user = userEvent.setup();
    renderPage('/mypage', <NotificationsTab />);
    await user.selectOptions(await screen.findByRole('combobox', { name: '끝' }), '22:00');
    expect(screen.getByRole('alert')).toHaveTextContent('시작과 끝 시간을 다르게 골라 주세요.');
    expect(screen.getByRole('combobox', { name: '끝' })).toHaveAttribute('aria-invalid', 'true');
    const save = screen.getByRole('button', { name: '알림 설정 저장' });
    expect(save).toBeDisabled();
    await user.click(save);
    expect(callsTo('PUT /api/on/notifications/settings')).toHaveLength(0);
  });

  it('turning 방해 금지 off disables the times; a failed save says so', async () => {
    stubFetch({
      'GET /api/on/notifications/settings': defaults(),
      'PUT /api/on/notifications/settings': () => failWith(500),
    });
    const user = userEvent.setup();
    renderPage('/mypage', <NotificationsTab />);
    await user.click(await screen.findByRole('switch', { name: '방해 금지 시간 사용' }));
    expect(screen.getByRole('combobox', { name: '시작' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '알림 설정 저장' }));
    expect(await screen.findByText('알림 설정을 저장하지 못했어요. 잠시 후 다시 시도해 주세요.')).toBeInTheDocument();
    expect(formStatus()).toHaveTextContent('');
  });

  it('이 기기에서 알림 받기 subscribes and unsubscribes this browser at once', async () => {
    stubFetch({ 'GET /api/on/notifications/settings': defaults() });
    const user = userEvent.setup();
    renderPage('/mypage', <NotificationsTab />);
    const device = await screen.findByRole('switch', { name: '이 기기에서 알림 받기' });
    await waitFor(() => expect(device).toBeEnabled());
    expect(device).not.toBeChecked();
    await user.click(device);
    expect(await screen.findByText('이 기기에서 알림을 받을게요')).toBeInTheDocument();
    expect(push.subscribePush).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(device).toBeChecked());
    await user.click(device);
    await waitFor(() => expect(device).not.toBeChecked());
    expect(push.unsubscribePush).toHaveBeenCalledTimes(1);
  });

  it('explains a blocked or unsupported browser and keeps the device switch off', async () => {
    push.state = 'denied';
    stubFetch({ 'GET /api/on/notifications/settings': defaults() });
    renderPage('/mypage', <NotificationsTab />);
    const device = await screen.findByRole('switch', { name: '이 기기에서 알림 받기' });
    await waitFor(() => expect(device).toHaveAccessibleDescription(/브라우저에서 알림이 차단돼 있어요/));
    expect(device).toBeDisabled();
  });
});
