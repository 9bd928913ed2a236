// 정지 dialog (docs/product-spec.md §5): 영구/기간, date + time for a temporary ban, optional reason with a
// length/200 counter, a confirmation before the call, then '정지를 완료했어요' and a refresh.
// 영구 is offered only to 관리자 (`allowPermanent`); the safety desk sends the ban through its own
// call (`submit`) with the reason required.
import { useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Confirm, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { formatKstDateTime } from '@contract/admin-core';
import { LIMITS } from '@contract/limits';
import { countChars } from '@contract/text';
import type { BanRequest, OngiDataProvider } from '../api/data-provider';
import { withReason } from '../lib/errors';
import { useIsAdminRole } from '../lib/use-role';
import { emptyBanForm, validateBanForm, type BanFormErrors, type BanFormValues } from './ban-form';

type Props = {
  member: { id: number; name: string };
  open: boolean;
  onClose: () => void;
  /** False for 운영자: only a temporary ban is offered. */
  allowPermanent?: boolean;
  /** Instead of PATCH /admin/members/{id}/ban (the safety desk's own call). */
  submit?: (body: BanRequest) => Promise<unknown>;
  reasonRequired?: boolean;
  onDone?: () => void;
};

export function BanDialog({ member, open, onClose, allowPermanent = true, submit, reasonRequired, onDone }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<OngiDataProvider>();
  // A 운영자 bans for a while only; a permanent ban is a 관리자's (docs/safety.md "Roles").
  // The role arrives after the first render: the chosen mode is kept and read as 기간 until 영구 is allowed.
  const mayPermanent = useIsAdminRole() && allowPermanent;
  const [chosen, setValues] = useState<BanFormValues>(emptyBanForm);
  const values: BanFormValues = mayPermanent || chosen.mode === 'temporary' ? chosen : { ...chosen, mode: 'temporary' };
  const [errors, setErrors] = useState<BanFormErrors>({});
  const [pending, setPending] = useState<BanRequest | null>(null);
  const [saving, setSaving] = useState(false);

  const set = (patch: Partial<BanFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const close = () => {
    setValues(emptyBanForm);
    setErrors({});
    setPending(null);
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateBanForm(values, new Date());
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    if (reasonRequired && !result.body.reason) {
      setErrors({ reason: translate('ongi.desk.required') });
      return;
    }
    setErrors({});
    setPending(result.body);
  };

  const onConfirm = async () => {
    if (!pending) return;
    setSaving(true);
    try {
      await (submit ? submit(pending) : dataProvider.banMember(member.id, pending));
      notify('ongi.ban.done', { type: 'success' });
      close();
      refresh();
      onDone?.();
    } catch (err) {
      notify(withReason(translate('ongi.ban.failed'), err), { type: 'error' });
      setPending(null);
    } finally {
      setSaving(false);
    }
  };

  const reasonLength = countChars(values.reason);
  const untilText = pending?.until ? formatKstDateTime(untilIso(pending.until)).slice(0, 16) : '';

  return (
    <>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="ban-dialog-title">
        <form onSubmit={onSubmit} noValidate>
          <DialogTitle id="ban-dialog-title">{translate('ongi.ban.title', { name: member.name })}</DialogTitle>
          <DialogContent>
            <Typography component="p" variant="subtitle2" id="ban-mode-label">
              {translate('ongi.ban.mode')}
            </Typography>
            <RadioGroup
              row
              aria-labelledby="ban-mode-label"
              value={values.mode}
              onChange={(e) => set({ mode: e.target.value === 'temporary' ? 'temporary' : 'permanent' })}
            >
              {mayPermanent && (
                <FormControlLabel value="permanent" control={<Radio />} label={translate('ongi.ban.permanent')} />
              )}
              <FormControlLabel value="temporary" control={<Radio />} label={translate('ongi.ban.temporary')} />
            </RadioGroup>
            {values.mode === 'temporary' && (
              <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                <TextField
                  type="date"
                  label={translate('ongi.ban.date')}
                  value={values.date}
                  onChange={(e) => set({ date: e.target.value })}
                  slotProps={{ inputLabel: { shrink: true } }}
                  error={Boolean(errors.until)}
                  fullWidth
                />
                <TextField
                  type="time"
                  label={translate('ongi.ban.time')}
                  value={values.time}
                  onChange={(e) => set({ time: e.target.value })}
                  slotProps={{ inputLabel: { shrink: true } }}
                  error={Boolean(errors.until)}
                  fullWidth
                />
              </Stack>
            )}
            {values.mode === 'temporary' && (
              <FormHelperText error={Boolean(errors.until)} role={errors.until ? 'alert' : undefined}>
                {errors.until ?? translate('ongi.ban.kst_hint')}
              </FormHelperText>
            )}
            <TextField
              label={translate(reasonRequired ? 'ongi.desk.reason' : 'ongi.ban.reason')}
              value={values.reason}
              onChange={(e) => set({ reason: e.target.value })}
              multiline
              minRows={3}
              fullWidth
              sx={{ mt: 2 }}
              required={reasonRequired}
              error={reasonLength > LIMITS.banReason || Boolean(errors.reason)}
              helperText={
                errors.reason ?? translate('ongi.ban.reason_counter', { count: reasonLength, max: LIMITS.banReason })
              }
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{translate('ongi.common.cancel')}</Button>
            <Button type="submit" variant="contained" color="error" disabled={reasonLength > LIMITS.banReason}>
              {translate('ongi.ban.submit')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <Confirm
        isOpen={pending !== null}
        loading={saving}
        title={translate('ongi.ban.confirm_title')}
        content={
          pending?.until
            ? translate('ongi.ban.confirm_temporary', { name: member.name, until: untilText })
            : translate('ongi.ban.confirm_permanent', { name: member.name })
        }
        confirm="ongi.ban.submit"
        confirmColor="warning"
        onConfirm={onConfirm}
        onClose={() => setPending(null)}
      />
    </>
  );
}

/** The wire text 'YYYY-MM-DDTHH:mm:00' is Korea time; as an instant for display. */
function untilIso(until: string): string {
  return `${until}+09:00`;
}
