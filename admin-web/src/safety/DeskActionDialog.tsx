// The desk's 문제 없음 and 경고 보내기: a reason for the record (required), for a warning the text
// the member reads (a preset to start from, editable), then a confirmation before the call.
import { useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  TextField,
} from '@mui/material';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { DESK_LIMITS, WARNING_PRESETS } from '@contract/safety-desk-core';
import { countChars } from '@contract/text';
import { withReason } from '../lib/errors';
import { deskApi } from './desk-api';

type Props = {
  kind: 'dismiss' | 'warn' | null;
  member: { id: number; name: string };
  onClose: () => void;
  onDone: () => void;
};

export function DeskActionDialog({ kind, member, onClose, onDone }: Props) {
  const t = useTranslate();
  const notify = useNotify();
  const [preset, setPreset] = useState('');
  const [text, setText] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ text?: string; reason?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const warn = kind === 'warn';
  const textLength = countChars(text);
  const reasonLength = countChars(reason);

  const close = () => {
    setPreset('');
    setText('');
    setReason('');
    setErrors({});
    setConfirming(false);
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (warn && textLength === 0) next.text = t('ongi.desk.text_required');
    if (reasonLength === 0) next.reason = t('ongi.desk.required');
    setErrors(next);
    if (!next.text && !next.reason) setConfirming(true);
  };

  const onConfirm = async () => {
    setSaving(true);
    try {
      if (warn) await deskApi.warn(member.id, text, reason);
      else await deskApi.dismiss(member.id, reason);
      notify(warn ? 'ongi.desk.done_warn' : 'ongi.desk.done_dismiss', { type: 'success' });
      close();
      onDone();
    } catch (err) {
      notify(withReason(t('ongi.desk.failed'), err), { type: 'error' });
      setConfirming(false);
    } finally {
      setSaving(false);
    }
  };

  const titleId = 'desk-action-title';
  return (
    <>
      <Dialog open={kind !== null} onClose={close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <form onSubmit={onSubmit} noValidate>
          <DialogTitle id={titleId}>
            {t(warn ? 'ongi.desk.warn_title' : 'ongi.desk.dismiss_title', { name: member.name })}
          </DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              {t(warn ? 'ongi.desk.warn_hint' : 'ongi.desk.dismiss_hint')}
            </DialogContentText>
            {warn ? (
              <>
                <FormControl fullWidth sx={{ mb: 2 }}>
                  <InputLabel id="desk-preset-label">{t('ongi.desk.preset')}</InputLabel>
                  <Select
                    labelId="desk-preset-label"
                    label={t('ongi.desk.preset')}
                    value={preset}
                    onChange={(e) => {
                      const chosen = WARNING_PRESETS.find((p) => p.key === e.target.value);
                      setPreset(String(e.target.value));
                      if (chosen) setText(chosen.text);
                    }}
                  >
                    {WARNING_PRESETS.map((p) => (
                      <MenuItem key={p.key} value={p.key}>
                        {p.label}
                      </MenuItem>
                    ))}
                  </Select>
                </FormControl>
                <TextField
                  label={t('ongi.desk.warning_text')}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  multiline
                  minRows={4}
                  fullWidth
                  required
                  error={Boolean(errors.text) || textLength > DESK_LIMITS.warningMax}
                  helperText={
                    errors.text ?? t('ongi.desk.reason_counter', { count: textLength, max: DESK_LIMITS.warningMax })
                  }
                  sx={{ mb: 2 }}
                />
              </>
            ) : null}
            <TextField
              label={t('ongi.desk.reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              multiline
              minRows={2}
              fullWidth
              required
              error={Boolean(errors.reason) || reasonLength > DESK_LIMITS.reasonMax}
              helperText={
                errors.reason ?? t('ongi.desk.reason_counter', { count: reasonLength, max: DESK_LIMITS.reasonMax })
              }
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('ongi.common.cancel')}</Button>
            <Button
              type="submit"
              variant="contained"
              color={warn ? 'warning' : 'primary'}
              disabled={textLength > DESK_LIMITS.warningMax || reasonLength > DESK_LIMITS.reasonMax}
            >
              {t(warn ? 'ongi.desk.warn' : 'ongi.desk.dismiss')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <Confirm
        isOpen={confirming}
        loading={saving}
        title={t('ongi.desk.confirm_title')}
        content={t(warn ? 'ongi.desk.confirm_warn' : 'ongi.desk.confirm_dismiss', { name: member.name })}
        confirm={warn ? 'ongi.desk.warn' : 'ongi.desk.dismiss'}
        onConfirm={onConfirm}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
