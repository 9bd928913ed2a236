// 알림 설정 (/mypage?tab=notifications, docs/notifications.md "Notification center"): push on/off per notification kind and the
// 방해 금지 hours (Korea time, default 22:00–08:00), saved together with the 저장 button. The
// form is checked with the contract's schema, the same one the Worker uses.
import '../../styles/notifications.css';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  notificationSettingsBody,
  type NotificationSettings,
} from '@contract/notifications';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import { useNotificationSettings, useSaveNotificationSettings } from '../../api/notifications';
import { showToast } from '../../components/toast/toast-store';
import { notificationsKo } from '../../i18n/ko-notifications';
import { getPushState, subscribePush, unsubscribePush, type PushState } from '../../lib/push';
import { TabFailure, TabLoading } from './tab-state';

/** Every half hour of the day as "HH:MM". */
export const QUIET_TIME_OPTIONS: string[] = Array.from({ length: 48 }, (_, i) => {
  const h = String(Math.floor(i / 2)).padStart(2, '0');
  return `${h}:${i % 2 === 0 ? '00' : '30'}`;
});

/** "22:00" → "오후 10:00", "00:30" → "오전 12:30". */
export function quietTimeLabel(value: string): string {
  const [h = 0, m = 0] = value.split(':').map(Number);
  const period = h < 12 ? '오전' : '오후';
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${period} ${hour12}:${String(m).padStart(2, '0')}`;
}

/** The first problem of the form, as the Worker would report it, or null. */
export function settingsProblem(draft: NotificationSettings): { field: string; message: string } | null {
  const parsed = notificationSettingsBody.safeParse(draft);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  const message =
    field === 'quietHours.end' && draft.quietHours.start === draft.quietHours.end
      ? notificationsKo.settings.quietSame
      : (issue?.message ?? notificationsKo.settings.failed);
  return { field, message };
}

function TimeSelect({
  id,
  label,
  value,
  disabled,
  invalid,
  describedBy,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  disabled: boolean;
  invalid: boolean;
  describedBy?: string;
  onChange: (v: string) => void;
}) {
  // A time saved elsewhere (not on the half hour) is still shown.
  const options = QUIET_TIME_OPTIONS.includes(value) ? QUIET_TIME_OPTIONS : [...QUIET_TIME_OPTIONS, value].sort();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="select"
        value={value}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {quietTimeLabel(o)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * 이 기기에서 알림 받기: subscribes or unsubscribes this browser at once (lib/push.ts); the
 * kinds and quiet hours below decide which pushes any subscribed device gets.
 */
export function DevicePushSwitch() {
  const t = notificationsKo.device;
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const hintId = useId();

  useEffect(() => {
    let live = true;
    void getPushState()
      .catch((): PushState => 'unsupported')
      .then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, []);

  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      if (on) {
        const result = await subscribePush();
        if (result === 'subscribed') showToast(t.on, 'success');
        else if (result === 'denied') showToast(t.denied, 'error');
      } else {
        await unsubscribePush();
        showToast(t.off, 'success');
      }
    } catch (err) {
      console.error('changing this device’s push subscription failed', err);
      showToast(err instanceof ApiError ? err.message : t.failed, 'error');
    } finally {
      setState(await getPushState().catch((): PushState => 'unsupported'));
      setBusy(false);
    }
  };

  const hint = state === 'unsupported' ? t.unsupported : state === 'denied' ? t.deniedHint : t.hint;
  return (
    <div className="switch-list">
      <div className="switch-row">
        <span className="switch-row__text">
          <label className="switch-row__label" htmlFor={`${hintId}-switch`}>
            {t.label}
          </label>
          <span className="field__hint" id={hintId}>
            {hint}
          </span>
        </span>
        <input
          id={`${hintId}-switch`}
          type="checkbox"
          role="switch"
          className="switch"
          aria-describedby={hintId}
          checked={state === 'subscribed'}
          disabled={busy || state === null || state === 'unsupported' || state === 'denied'}
          onChange={(e) => void toggle(e.target.checked)}
        />
      </div>
    </div>
  );
}

export function NotificationsTab() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const t = notificationsKo.settings;
  const id = useId();
  const [draft, setDraft] = useState<NotificationSettings | null>(null);
  const [status, setStatus] = useState<string>('');
  const [serverError, setServerError] = useState<{ field: string; message: string } | null>(null);

  // The form starts from what is saved (and again after a save answers).
  useEffect(() => {
    if (settings.data) setDraft(settings.data);
  }, [settings.data]);

  if (settings.isPending) return <TabLoading />;
  if (settings.isError) return <TabFailure error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!draft) return <TabLoading />;

  const problem = settingsProblem(draft) ?? serverError;
  const quietError = problem?.field.startsWith('quietHours') ? problem : null;
  const errorId = `${id}-quiet-error`;
  const quiet = draft.quietHours;

  const change = (next: NotificationSettings) => {
    setDraft(next);
    setStatus('');
    setServerError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (settingsProblem(draft)) return;
    setStatus(t.saving);
    try {
      await save.mutateAsync(draft);
      setStatus(t.saved);
      showToast(t.saved, 'success');
    } catch (err) {
      setStatus('');
      if (err instanceof ApiError && err.fields) {
        const [field, message] = Object.entries(err.fields)[0] ?? [];
        if (field && message) setServerError({ field, message });
      }
      showToast(err instanceof ApiError && err.status === 400 ? err.message : t.failed, 'error');
    }
  };

  return (
    <div className="notif-settings">
      <DevicePushSwitch />
      <form className="notif-settings" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset>
          <legend>{t.pushTitle}</legend>
          <p className="muted">{t.pushLead}</p>
          <div className="switch-list">
            {NOTIFICATION_KINDS.map((kind) => (
              <label key={kind} className="switch-row">
                <span className="switch-row__text">
                  <span className="switch-row__label">{NOTIFICATION_KIND_LABELS[kind]}</span>
                </span>
                <input
                  type="checkbox"
                  role="switch"
                  className="switch"
                  checked={draft.push[kind] ?? true}
                  disabled={save.isPending}
                  onChange={(e) => change({ ...draft, push: { ...draft.push, [kind]: e.target.checked } })}
                />
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset>
          <legend>{t.quietTitle}</legend>
          <p className="muted">{t.quietLead}</p>
          <div className="switch-list">
            <label className="switch-row">
              <span className="switch-row__text">
                <span className="switch-row__label">{t.quietToggle}</span>
              </span>
              <input
                type="checkbox"
                role="switch"
                className="switch"
                checked={quiet.enabled}
                disabled={save.isPending}
                onChange={(e) => change({ ...draft, quietHours: { ...quiet, enabled: e.target.checked } })}
              />
            </label>
          </div>
          <div className="notif-settings__times">
            <TimeSelect
              id={`${id}-start`}
              label={t.quietStart}
              value={quiet.start}
              disabled={save.isPending || !quiet.enabled}
              invalid={quietError?.field === 'quietHours.start'}
              describedBy={quietError ? errorId : undefined}
              onChange={(start) => change({ ...draft, quietHours: { ...quiet, start } })}
            />
            <TimeSelect
              id={`${id}-end`}
              label={t.quietEnd}
              value={quiet.end}
              disabled={save.isPending || !quiet.enabled}
              invalid={quietError?.field === 'quietHours.end'}
              describedBy={quietError ? errorId : undefined}
              onChange={(end) => change({ ...draft, quietHours: { ...quiet, end } })}
            />
          </div>
          {quietError ? (
            <p id={errorId} className="field__error" role="alert">
              {quietError.message}
            </p>
          ) : null}
        </fieldset>

        <div className="notif-settings__actions">
          <button type="submit" className="btn btn--primary" disabled={save.isPending || problem !== null}>
            {t.save}
          </button>
          <p className="field__hint" role="status">
            {status}
          </p>
        </div>
      </form>
    </div>
  );
}
