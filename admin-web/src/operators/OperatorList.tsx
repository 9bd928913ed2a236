// 운영자 관리 (관리자 only; docs/safety.md "Roles"): every console account with its role, whether
// 2단계 인증 is enrolled and the last sign-in; add an operator with a temporary password and a
// role, change someone's role, reset a lost second factor. The Worker enforces the role and
// writes each change to the audit log.
import { useState, type FormEvent } from 'react';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import {
  Button,
  Confirm,
  Datagrid,
  List,
  TextField,
  TopToolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { ADMIN_ROLE_LABELS, type AdminRole, type OperatorRow } from '@contract/admin-auth';
import { formatKstDateTime } from '@contract/admin-core';
import type { OngiDataProvider } from '../api/data-provider';
import { withReason } from '../lib/errors';

function RoleRadios({
  value,
  onChange,
  labelledBy,
}: {
  value: AdminRole;
  onChange: (r: AdminRole) => void;
  labelledBy: string;
}) {
  const t = useTranslate();
  return (
    <RadioGroup
      aria-labelledby={labelledBy}
      value={value}
      onChange={(e) => onChange(e.target.value === 'ADMIN' ? 'ADMIN' : 'OPERATOR')}
    >
      <FormControlLabel value="OPERATOR" control={<Radio />} label={t('ongi.operators.role_operator')} />
      <FormControlLabel value="ADMIN" control={<Radio />} label={t('ongi.operators.role_admin')} />
    </RadioGroup>
  );
}

const EMPTY = { email: '', name: '', password: '', role: 'OPERATOR' as AdminRole };

function AddOperatorButton() {
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<OngiDataProvider>();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setValues(EMPTY);
    setError(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const created = await dataProvider.createOperator({
        ...values,
        email: values.email.trim(),
        name: values.name.trim(),
      });
      notify(t('ongi.operators.added', { name: created.name }), { type: 'success' });
      close();
      refresh();
    } catch (err) {
      setError(withReason(t('ongi.operators.add_failed'), err));
    } finally {
      setSaving(false);
    }
  };
  const ready = values.email.trim() && values.name.trim() && values.password.length >= 12;
  return (
    <>
      <Button label="ongi.operators.add" onClick={() => setOpen(true)}>
        <PersonAddIcon />
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="add-operator-title">
        <form onSubmit={submit} noValidate>
          <DialogTitle id="add-operator-title">{t('ongi.operators.add_title')}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 1 }}>{t('ongi.operators.add_lead')}</DialogContentText>
            <Stack spacing={1.5}>
              <MuiTextField
                label={t('ongi.operators.email')}
                type="email"
                autoComplete="off"
                required
                value={values.email}
                onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
              />
              <MuiTextField
                label={t('ongi.operators.name')}
                required
                value={values.name}
                onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
              />
              <MuiTextField
                label={t('ongi.operators.password')}
                type="password"
                autoComplete="new-password"
                required
                value={values.password}
                onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
              />
              <Typography component="p" variant="subtitle2" id="add-operator-role">
                {t('ongi.operators.role')}
              </Typography>
              <RoleRadios
                labelledBy="add-operator-role"
                value={values.role}
                onChange={(role) => setValues((v) => ({ ...v, role }))}
              />
              {error && (
                <Typography role="alert" color="error" variant="body2">
                  {error}
                </Typography>
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={close}>{t('ongi.operators.cancel')}</MuiButton>
            <MuiButton type="submit" variant="contained" disabled={saving || !ready}>
              {t('ongi.operators.save')}
            </MuiButton>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}

function Role(_props: { label?: string }) {
  const row = useRecordContext<OperatorRow>();
  return row ? <>{ADMIN_ROLE_LABELS[row.role]}</> : null;
}

function SecondFactor(_props: { label?: string }) {
  const t = useTranslate();
  const row = useRecordContext<OperatorRow>();
  if (!row) return null;
  return <>{row.secondFactorEnrolled ? t('ongi.operators.enrolled') : t('ongi.operators.not_enrolled')}</>;
}

function LastLogin(_props: { label?: string }) {
  const t = useTranslate();
  const row = useRecordContext<OperatorRow>();
  if (!row) return null;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {row.lastLoginAt ? formatKstDateTime(row.lastLoginAt) : t('ongi.operators.never')}
    </span>
  );
}

function OperatorActions(_props: { label?: string }) {
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<OngiDataProvider>();
  const row = useRecordContext<OperatorRow>();
  const [roleOpen, setRoleOpen] = useState(false);
  const [role, setRole] = useState<AdminRole>('OPERATOR');
  const [resetOpen, setResetOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!row) return null;
  // Nobody changes their own role or resets their own second factor: the Worker says so in Korean.

  const changeRole = async () => {
    setBusy(true);
    try {
      await dataProvider.changeOperatorRole(row.id, role);
      notify(t('ongi.operators.changed', { name: row.name, role: ADMIN_ROLE_LABELS[role] }), { type: 'success' });
      setRoleOpen(false);
      refresh();
    } catch (err) {
      notify(withReason(t('ongi.operators.change_failed'), err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const reset = async () => {
    setBusy(true);
    try {
      await dataProvider.resetOperatorSecondFactor(row.id);
      notify(t('ongi.operators.reset_done', { name: row.name }), { type: 'success' });
      refresh();
    } catch (err) {
      notify(withReason(t('ongi.operators.reset_failed'), err), { type: 'error' });
    } finally {
      setBusy(false);
      setResetOpen(false);
    }
  };
  const titleId = `operator-role-${row.id}`;
  return (
    <Stack direction="row" spacing={0.5}>
      <Button
        label="ongi.operators.change_role"
        onClick={() => {
          setRole(row.role);
          setRoleOpen(true);
        }}
      />
      {row.secondFactorEnrolled && (
        <Button label="ongi.operators.reset" color="error" onClick={() => setResetOpen(true)} />
      )}
      <Dialog open={roleOpen} onClose={() => setRoleOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('ongi.operators.change_role_title', { name: row.name })}</DialogTitle>
        <DialogContent>
          <RoleRadios labelledBy={titleId} value={role} onChange={setRole} />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setRoleOpen(false)}>{t('ongi.operators.cancel')}</MuiButton>
          <MuiButton variant="contained" disabled={busy || role === row.role} onClick={() => void changeRole()}>
            {t('ongi.operators.change_save')}
          </MuiButton>
        </DialogActions>
      </Dialog>
      <Confirm
        isOpen={resetOpen}
        loading={busy}
        title={t('ongi.operators.reset_title', { name: row.name })}
        content={t('ongi.operators.reset_content')}
        onConfirm={() => void reset()}
        onClose={() => setResetOpen(false)}
      />
    </Stack>
  );
}

export function OperatorList() {
  const t = useTranslate();
  const notify = useNotify();
  return (
    <List
      title={t('ongi.operators.title')}
      sort={{ field: 'id', order: 'ASC' }}
      perPage={50}
      exporter={false}
      actions={
        <TopToolbar>
          <AddOperatorButton />
        </TopToolbar>
      }
      queryOptions={{ onError: () => notify('ongi.operators.load_failed', { type: 'error' }) }}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="name" label={t('ongi.operators.name')} />
        <TextField source="email" label={t('ongi.operators.email')} />
        <Role label={t('ongi.operators.role')} />
        <SecondFactor label={t('ongi.operators.second_factor')} />
        <LastLogin label={t('ongi.operators.last_login')} />
        <OperatorActions label="ongi.fields.actions" />
      </Datagrid>
    </List>
  );
}
