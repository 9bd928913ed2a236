// Small read-only fields for member rows: status chip (with the ban end), Korean gender/provider.
import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { formatKstDateTime, type AdminUser } from '@contract/admin-core';

export function StatusField(_props: { label?: string; sortBy?: string }) {
  const user = useRecordContext<AdminUser>();
  const translate = useTranslate();
  if (!user) return null;
  const color = user.status === 'BANNED' ? 'error' : user.status === 'INACTIVE' ? 'default' : 'success';
  const title =
    user.status === 'BANNED'
      ? user.bannedUntil
        ? translate('ongi.users.banned_until', { until: formatKstDateTime(user.bannedUntil).slice(0, 16) })
        : translate('ongi.users.permanent')
      : undefined;
  return (
    <Chip
      size="small"
      color={color}
      variant={user.status === 'ACTIVE' ? 'outlined' : 'filled'}
      label={translate(`ongi.common.status.${user.status}`)}
      title={title}
    />
  );
}

export function GenderField(_props: { label?: string; sortBy?: string }) {
  const user = useRecordContext<AdminUser>();
  const translate = useTranslate();
  return user ? <>{translate(`ongi.common.gender.${user.gender}`)}</> : null;
}

export function ProviderField(_props: { label?: string; sortBy?: string }) {
  const user = useRecordContext<AdminUser>();
  const translate = useTranslate();
  return user ? <>{translate(`ongi.common.provider.${user.providerType}`)}</> : null;
}

export function KstDateField({ source }: { source: 'createdAt' | 'bannedUntil'; label?: string }) {
  const user = useRecordContext<AdminUser>();
  return user ? <>{formatKstDateTime(user[source])}</> : null;
}
