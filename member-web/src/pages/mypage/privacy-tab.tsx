// 개인정보: 아는 사람 피하기 (paste box, count, remove all), 비공개 모드 and my 데이트 공유 links with
// their views (docs/privacy.md).
import { useId, useMemo, useState } from 'react';
import { PRIVACY_LIMITS, parsePhoneList, splitPhoneList } from '@contract/privacy-core';
import {
  useAddAvoidPhones,
  useClearAvoidPhones,
  useDateShares,
  usePrivacySettings,
  useRevokeDateShare,
  useSetPrivateMode,
} from '../../api/privacy';
import { errorMessage } from '../../api/client';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';
import { formatDateTime } from '../../lib/dates';
import { TabFailure, TabLoading } from './tab-state';
import { useChoiceWhileSaving } from '../../lib/use-choice-while-saving';

const t = ko.privacy;

function AvoidSection({ count, phoneVerified }: { count: number; phoneVerified: boolean }) {
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState(false);
  const add = useAddAvoidPhones();
  const clear = useClearAvoidPhones();
  const boxId = useId();
  const hintId = useId();
  const previewId = useId();
  const entries = useMemo(() => splitPhoneList(text), [text]);
  const parsed = useMemo(() => parsePhoneList(entries), [entries]);

  const submit = async () => {
    try {
      const result = await add.mutateAsync(entries);
      setText('');
      showToast(t.avoid.added(result.added, result.avoidCount), 'success');
    } catch (err) {
      showToast(errorMessage(err) || t.avoid.failed, 'error');
    }
  };

  return (
    <section className="privacy-section" aria-labelledby={`${boxId}-title`}>
      <h3 id={`${boxId}-title`} className="privacy-section__title">
        {t.avoid.title}
      </h3>
      <p className="muted">{t.avoid.lead}</p>
      <p className="field__hint">{t.avoid.stored}</p>
      {phoneVerified ? null : <p className="field__hint">{t.avoid.noPhone}</p>}
      <p role="status" className="privacy-count">
        {t.avoid.count(count)}
      </p>
      <form
        className="field"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label htmlFor={boxId} className="field__label">
          {t.avoid.label}
        </label>
        <textarea
          id={boxId}
          className="input textarea"
          rows={4}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${hintId} ${previewId}`}
          inputMode="tel"
          autoComplete="off"
        />
        <p id={hintId} className="field__hint">
          {t.avoid.hint}
        </p>
        <p id={previewId} className="field__hint" aria-live="polite">
          {entries.length > 0 ? t.avoid.preview(parsed.phones.length, parsed.invalid) : ''}
        </p>
        <button
          type="submit"
          className="btn btn--primary"
          disabled={parsed.phones.length === 0 || add.isPending || entries.length > PRIVACY_LIMITS.avoidPhonesMax}
        >
          {add.isPending ? t.avoid.adding : t.avoid.add}
        </button>
      </form>
      {count > 0 ? (
        <button type="button" className="btn btn--secondary" onClick={() => setConfirming(true)}>
          {t.avoid.clear}
        </button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.avoid.clearConfirmTitle}
        description={t.avoid.clearConfirmBody}
        confirmLabel={t.avoid.clear}
        onConfirm={async () => {
          try {
            await clear.mutateAsync();
            showToast(t.avoid.cleared, 'success');
          } catch {
            showToast(t.avoid.failed, 'error');
          }
        }}
      />
    </section>
  );
}

function PrivateModeSection({ on }: { on: boolean }) {
  const save = useSetPrivateMode();
  const hintId = useId();
  const labelId = useId();
  const { shown, busy, save: saveChoice } = useChoiceWhileSaving(on);
  const change = (next: boolean) =>
    saveChoice(next, async () => {
      try {
        await save.mutateAsync(next);
        showToast(next ? t.privateMode.on : t.privateMode.off, 'success');
        return true;
      } catch {
        showToast(t.privateMode.failed, 'error');
        return false;
      }
    });
  return (
    <section className="privacy-section">
      <h3 className="privacy-section__title">{t.privateMode.title}</h3>
      <label className="switch-row">
        <span className="switch-row__text">
          <span id={labelId} className="switch-row__label">
            {t.privateMode.label}
          </span>
          <span id={hintId} className="field__hint">
            {t.privateMode.hint}
          </span>
        </span>
        <input
          type="checkbox"
          role="switch"
          className="switch"
          checked={shown}
          disabled={busy}
          aria-labelledby={labelId}
          aria-describedby={hintId}
          onChange={(e) => void change(e.target.checked)}
        />
      </label>
    </section>
  );
}

function SharesSection() {
  const shares = useDateShares();
  const revoke = useRevokeDateShare();
  const now = Date.now();
  return (
    <section className="privacy-section">
      <h3 className="privacy-section__title">{t.shares.title}</h3>
      <p className="muted">{t.shares.lead}</p>
      {shares.isPending ? <TabLoading /> : null}
      {shares.isError ? <TabFailure error={shares.error} onRetry={() => void shares.refetch()} /> : null}
      {shares.data && shares.data.length === 0 ? <p className="muted">{t.shares.empty}</p> : null}
      {shares.data && shares.data.length > 0 ? (
        <ul className="history-list">
          {shares.data.map((s) => {
            const expired = Date.parse(s.expiresAt) <= now;
            const live = !s.revokedAt && !expired;
            return (
              <li key={s.id} className="history-item privacy-share">
                <div className="history-item__body">
                  <p className="history-item__title">
                    <strong>{t.shares.item(s.matchName)}</strong>
                    {s.revokedAt ? ` · ${t.shares.revoked}` : expired ? ` · ${t.shares.expired}` : ''}
                  </p>
                  <p className="history-item__dates">{t.shares.where(s.place)}</p>
                  <p className="history-item__dates">{t.shares.when(formatDateTime(s.meetAt))}</p>
                  {live ? <p className="history-item__dates">{t.shares.expires(formatDateTime(s.expiresAt))}</p> : null}
                  <p className="history-item__dates">{t.shares.views(s.views.length)}</p>
                  {s.views.length > 0 ? (
                    <ul className="privacy-share__views">
                      {s.views.slice(0, 5).map((v) => (
                        <li key={v.viewedAt}>{t.shares.viewedAt(formatDateTime(v.viewedAt))}</li>
                      ))}
                    </ul>
                  ) : null}
                </div>
                {live ? (
                  <button
                    type="button"
                    className="btn btn--secondary"
                    aria-label={t.shares.revokeLabel(s.matchName)}
                    disabled={revoke.isPending && revoke.variables === s.id}
                    onClick={() =>
                      void revoke.mutateAsync(s.id).then(
                        () => showToast(t.shares.revokedToast, 'success'),
                        () => showToast(t.shares.failed, 'error'),
                      )
                    }
                  >
                    {t.shares.revoke}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}

export function PrivacyTab() {
  const settings = usePrivacySettings();
  if (settings.isPending) return <TabLoading />;
  if (settings.isError) return <TabFailure error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <div className="privacy-tab">
      <AvoidSection count={settings.data.avoidCount} phoneVerified={settings.data.phoneVerified} />
      <PrivateModeSection on={settings.data.privateMode} />
      <SharesSection />
    </div>
  );
}
