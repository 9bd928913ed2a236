// 사용자 상세: profile, 프로필 정보 (docs/api-extensions.md "profile-details": details, hide a text), photos, interests, location, report counts and the current ban,
// the audit entries about the member (docs/safety.md "Audit log"), with the
// same actions as the list (정지 / 정지 해제, 정지 이력).
import type { ReactNode } from 'react';
import { Box, Card, CardContent, Chip, Divider, Skeleton, Stack, Typography } from '@mui/material';
import { Show, TopToolbar, useRecordContext, useTranslate, ListButton } from 'react-admin';
import { formatKstDateTime, type AdminUser, type AdminUserDetail } from '@contract/admin-core';
import { MemberAuditSection } from '../audit/MemberAuditSection';
import { ProfileDetailsSection } from './ProfileDetailsSection';
import { UserActions } from './UserActions';
import { StatusField } from './fields';

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ py: 0.75 }}>
      <Typography sx={{ minWidth: 110, color: 'text.secondary' }}>{label}</Typography>
      <Box sx={{ flex: 1 }}>{children}</Box>
    </Stack>
  );
}

/** react-admin shows the list's row first (placeholder data) until the detail arrives. */
const isDetail = (record: AdminUser | AdminUserDetail): record is AdminUserDetail =>
  'reports' in record && Array.isArray((record as Partial<AdminUserDetail>).interests);

function UserDetail() {
  const record = useRecordContext<AdminUser | AdminUserDetail>();
  const t = useTranslate();
  if (!record) return null;
  if (!isDetail(record)) return <Skeleton variant="rounded" height={320} aria-label={t('ra.page.loading')} />;
  const user = record;
  const ban = user.currentBan;
  return (
    <Card>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            {t('ongi.users.detail_title', { name: user.name })}
          </Typography>
          <StatusField />
        </Stack>
        <Line label={t('ongi.fields.email')}>{user.email}</Line>
        <Line label={t('ongi.fields.gender_age')}>
          {t(`ongi.common.gender.${user.gender}`)} · {t('ongi.common.age', { age: user.age })} ({user.birth})
        </Line>
        <Line label={t('ongi.fields.looking_for')}>{t(`ongi.common.looking_for.${user.lookingFor}`)}</Line>
        <Line label={t('ongi.fields.provider')}>{t(`ongi.common.provider.${user.providerType}`)}</Line>
        <Line label={t('ongi.users.location')}>{user.location ?? t('ongi.users.no_location')}</Line>
        <Line label={t('ongi.users.interests')}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {user.interests.map((tag) => (
              <Chip key={tag} size="small" label={`#${tag}`} />
            ))}
          </Stack>
        </Line>
        <Line label={t('ongi.users.joined')}>{formatKstDateTime(user.createdAt)}</Line>
        <Line label={t('ongi.users.last_active')}>{formatKstDateTime(user.lastActiveAt)}</Line>
        <Line label={t('ongi.users.reports')}>{t('ongi.users.reports_summary', user.reports)}</Line>
        {ban && (
          <Line label={t('ongi.users.current_ban')}>
            <Typography>
              {ban.until
                ? t('ongi.users.banned_until', { until: formatKstDateTime(ban.until).slice(0, 16) })
                : t('ongi.users.permanent')}
            </Typography>
            {ban.reason && <Typography>{t('ongi.users.ban_reason', { reason: ban.reason })}</Typography>}
            <Typography color="text.secondary">
              {t('ongi.users.ban_by', { name: ban.adminName ?? t('ongi.history.unknown_admin') })}
            </Typography>
          </Line>
        )}
        <Divider sx={{ my: 2 }} />
        <ProfileDetailsSection memberId={user.id} details={user.profileDetails} voice={user.voiceIntro ?? null} />
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
          {t('ongi.users.photos')}
        </Typography>
        {user.images.length === 0 ? (
          <Typography color="text.secondary">{t('ongi.users.no_photos')}</Typography>
        ) : (
          <Stack direction="row" spacing={1}>
            {user.images.map((img) => (
              <Box
                key={img.url}
                component="img"
                src={img.url}
                alt={t(img.role === 'MAIN' ? 'ongi.fields.main_photo' : 'ongi.fields.sub_photo', { name: user.name })}
                sx={{ width: 140, height: 175, objectFit: 'cover', borderRadius: 2 }}
              />
            ))}
          </Stack>
        )}
        <Divider sx={{ my: 2 }} />
        <MemberAuditSection memberId={user.id} />
      </CardContent>
    </Card>
  );
}

function ShowActions() {
  return (
    <TopToolbar>
      <ListButton />
      <UserActions />
    </TopToolbar>
  );
}

export function UserShow() {
  return (
    <Show actions={<ShowActions />} title="ongi.users.detail" component="div">
      <UserDetail />
    </Show>
  );
}
