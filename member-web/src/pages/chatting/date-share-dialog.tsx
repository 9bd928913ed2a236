// 데이트 공유 from the room's ⋮ menu (docs/privacy.md): place, date and time → a link for a friend,
// valid 48 hours. The match is told only that a share exists.
import { useId, useState } from 'react';
import type { CreatedDateShare } from '@contract/privacy-core';
import { useCreateDateShare } from '../../api/privacy';
import { errorMessage } from '../../api/client';
import { Modal } from '../../components/modal';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';

const t = ko.privacy.dialog;

/** Today in Korea as YYYY-MM-DD (the date input's default). */
function kstToday(now = new Date()): string {
  return new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
}

export function DateShareDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  roomId: number;
  opponentName: string;
}) {
  const create = useCreateDateShare(props.roomId);
  const [place, setPlace] = useState('');
  const [date, setDate] = useState(kstToday());
  const [time, setTime] = useState('19:00');
  const [created, setCreated] = useState<CreatedDateShare | null>(null);
  const ids = { place: useId(), placeHint: useId(), date: useId(), time: useId(), link: useId() };
  const link = created ? `${window.location.origin}${created.path}` : '';

  const submit = async () => {
    try {
      const share = await create.mutateAsync({ place, meetAt: `${date}T${time}:00+09:00` });
      setCreated(share);
      showToast(t.created, 'success');
    } catch (err) {
      showToast(errorMessage(err) || t.failed, 'error');
    }
  };

  return (
    <Modal
      open={props.open}
      onOpenChange={(open) => {
        if (!open) setCreated(null);
        props.onOpenChange(open);
      }}
      title={t.title}
      description={t.lead(props.opponentName)}
    >
      <p className="field__hint">{t.notice(props.opponentName)}</p>
      {created ? (
        <div className="field">
          <label htmlFor={ids.link} className="field__label">
            {t.link}
          </label>
          <input id={ids.link} className="input" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => void navigator.clipboard?.writeText(link).then(() => showToast(t.copied, 'success'))}
          >
            {t.copy}
          </button>
        </div>
      ) : (
        <form
          className="date-share-form"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className="field">
            <label htmlFor={ids.place} className="field__label">
              {t.place}
            </label>
            <input
              id={ids.place}
              className="input"
              value={place}
              maxLength={60}
              required
              aria-describedby={ids.placeHint}
              onChange={(e) => setPlace(e.target.value)}
            />
            <p id={ids.placeHint} className="field__hint">
              {t.placeHint}
            </p>
          </div>
          <div className="field">
            <label htmlFor={ids.date} className="field__label">
              {t.date}
            </label>
            <input
              id={ids.date}
              className="input"
              type="date"
              value={date}
              required
              onChange={(e) => setDate(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.time} className="field__label">
              {t.time}
            </label>
            <input
              id={ids.time}
              className="input"
              type="time"
              value={time}
              required
              onChange={(e) => setTime(e.target.value)}
            />
          </div>
          <button type="submit" className="btn btn--primary" disabled={create.isPending || place.trim() === ''}>
            {create.isPending ? t.creating : t.create}
          </button>
        </form>
      )}
    </Modal>
  );
}
