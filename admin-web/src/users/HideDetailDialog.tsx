// 숨기기 dialog (docs/admin.md "Hidden profile texts stay hidden"): an admin hides a bio, a job title or a prompt answer that breaks the
// rules. The reason is required (counted as a person counts characters, ≤ hideReasonMax) and is
// shown to the member on their my-page details. Success/failure are notified; the detail refreshes.
import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { PROFILE_DETAIL_LIMITS, type HideableField, type PromptId } from '@contract/profile-details';
import { countChars } from '@contract/text';
import type { OngiDataProvider } from '../api/data-provider';
import { withReason } from '../lib/errors';

export type HideTarget = {
  field: HideableField;
  questionId: PromptId | null;
  /** What is hidden, in Korean: '자기소개', '직업 이름', '질문 카드 “…”'. */
  label: string;
};

type Props = {
  memberId: number;
  target: HideTarget | null;
  onClose: () => void;
  /** After a successful hide: the opener is gone (the item now shows as hidden). */
  onHidden?: () => void;
};

export function HideDetailDialog({ memberId, target, onClose, onHidden }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<OngiDataProvider>();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // After a hide the opener is gone: focus goes where onHidden puts it once the dialog has closed.
  const [hid, setHid] = useState(false);
  const max = PROFILE_DETAIL_LIMITS.hideReasonMax;
  const length = countChars(reason);

  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!target || saving) return;
    if (length === 0) {
      setError(translate('ongi.details.reason_required'));
      return;
    }
    if (length > max) {
      setError(translate('ongi.details.reason_too_long', { max }));
      return;
    }
    setError(null);
    setSaving(true);
    setHid(false);
    try {
      await dataProvider.hideProfileDetail(memberId, {
        field: target.field,
        ...(target.field === 'prompt' ? { questionId: target.questionId } : {}),
        reason: reason.normalize('NFC').trim(),
      });
      notify('ongi.details.done', { type: 'success' });
      setHid(true);
      close();
      refresh();
    } catch (err) {
      notify(withReason(translate('ongi.details.failed'), err), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const title = target ? translate('ongi.details.dialog_title', { item: target.label }) : '';
  return (
    <Dialog
      open={target !== null}
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="hide-detail-title"
      disableRestoreFocus={hid}
      slotProps={{
        transition: {
          onEnter: () => setHid(false),
          onExited: () => {
            if (hid) onHidden?.();
          },
        },
      }}
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="hide-detail-title">{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('ongi.details.dialog_intro')}</DialogContentText>
          <TextField
            label={translate('ongi.details.reason')}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
            required
            multiline
            minRows={3}
            fullWidth
            autoFocus
            error={error !== null || length > max}
            helperText={
              <span role={error ? 'alert' : undefined}>
                {error ?? translate('ongi.details.reason_counter', { count: length, max })}
              </span>
            }
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('ongi.common.cancel')}</Button>
          <Button type="submit" variant="contained" color="error" disabled={saving || length > max}>
            {translate('ongi.details.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
