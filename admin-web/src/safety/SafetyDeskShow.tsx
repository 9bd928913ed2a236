// One member on the safety desk: who they are, why their score is what it is, every open signal
// with its evidence in context (a flagged message with the ones around it, from the room's own
// store; the reports with their verified samples; the look-alike photos; waiting selfies), the
// profile texts with 숨기기, the audit entries about them, and the actions: 문제 없음, 경고 보내기,
// 정지 (영구 only for 관리자).
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Chip, Divider, Skeleton, Stack, Typography } from '@mui/material';
import { Title, useGetOne, useRedirect, useTranslate } from 'react-admin';
import { formatKstDateTime, type AdminUserDetail } from '@contract/admin-core';
import { DESK_KIND_LABELS, type DeskDetail, type DeskFlag } from '@contract/safety-desk-core';
import { MemberAuditSection } from '../audit/MemberAuditSection';
import { useLoad } from '../lib/use-load';
import { ReportDetail } from '../reports/ReportDetail';
import { useIsAdminRole } from '../lib/use-role';
import { BanDialog } from '../users/BanDialog';
import { ProfileDetailsSection } from '../users/ProfileDetailsSection';
import { DeskActionDialog } from './DeskActionDialog';
import { deskApi } from './desk-api';
import { ScoreParts } from './SafetyDeskList';

const IMG = { width: 160, height: 200, objectFit: 'cover' as const, borderRadius: 8, background: '#eee' };

function Heading({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <Typography id={id} variant="h6" component="h3" sx={{ mt: 1, mb: 1 }}>
      {children}
    </Typography>
  );
}

export function FlagEvidence({ flag }: { flag: DeskFlag }) {
  const t = useTranslate();
  const kinds = flag.kinds.map((k) => DESK_KIND_LABELS[k]).join(', ');
  return (
    <Box component="article" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography component="h4" sx={{ fontWeight: 700 }}>
          {t('ongi.desk.flag_label', { kinds, at: formatKstDateTime(flag.createdAt) })}
        </Typography>
        {flag.early ? <Chip size="small" color="warning" label={t('ongi.desk.flag_early')} /> : null}
        {flag.receiverName ? (
          <Typography color="text.secondary">{t('ongi.desk.flag_receiver', { name: flag.receiverName })}</Typography>
        ) : null}
      </Stack>
      {flag.context.length === 0 ? (
        <Typography color="text.secondary">{t('ongi.desk.context_unavailable')}</Typography>
      ) : (
        <Box component="ol" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
          {flag.context.map((m) => (
            <Box
              component="li"
              key={m.id}
              sx={{
                p: 0.75,
                borderRadius: 1,
                bgcolor: m.flagged ? '#fff3cd' : m.fromMember ? '#f3f0ec' : 'transparent',
                borderLeft: m.flagged ? '4px solid #8a5a00' : '4px solid transparent',
              }}
            >
              <Typography component="span" sx={{ fontWeight: 700, mr: 1 }}>
                {t(m.fromMember ? 'ongi.desk.from_member' : 'ongi.desk.from_other')}
              </Typography>
              <Typography component="span" color="text.secondary" sx={{ mr: 1 }}>
                {formatKstDateTime(m.sentAt)}
              </Typography>
              {m.flagged ? (
                <Typography component="span" sx={{ fontWeight: 700, mr: 1 }}>
                  [{t('ongi.desk.flagged_marker')}]
                </Typography>
              ) : null}
              <Typography component="span">{m.photo ? t('ongi.desk.photo_message') : m.content}</Typography>
              {m.deleted ? (
                <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                  ({t('ongi.desk.unsent')})
                </Typography>
              ) : null}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

function ProfileTexts({ memberId }: { memberId: number }) {
  const { data } = useGetOne<AdminUserDetail>('users', { id: memberId });
  if (!data?.profileDetails) return null;
  return <ProfileDetailsSection memberId={memberId} details={data.profileDetails} />;
}

export function DeskItem({ item, onDone }: { item: DeskDetail; onDone: () => void }) {
  const t = useTranslate();
  const isAdminRole = useIsAdminRole();
  const [action, setAction] = useState<'dismiss' | 'warn' | null>(null);
  const [banOpen, setBanOpen] = useState(false);
  const member = { id: item.id, name: item.name };
  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            {t('ongi.desk.detail_title', { name: item.name })}
          </Typography>
          <Chip color="error" label={t('ongi.desk.score_label', { score: item.score })} />
          <Chip variant="outlined" label={t(`ongi.common.status.${item.status}`)} />
          <Button size="small" href={`#/users/${item.id}/show`}>
            {t('ongi.desk.open_account')}
          </Button>
        </Stack>
        <section aria-labelledby="desk-actions-title">
          <Heading id="desk-actions-title">{t('ongi.desk.actions')}</Heading>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" onClick={() => setAction('dismiss')}>
              {t('ongi.desk.dismiss')}
            </Button>
            <Button variant="contained" color="warning" onClick={() => setAction('warn')}>
              {t('ongi.desk.warn')}
            </Button>
            {item.status !== 'BANNED' ? (
              <Button variant="contained" color="error" onClick={() => setBanOpen(true)}>
                {t('ongi.desk.ban')}
              </Button>
            ) : null}
          </Stack>
        </section>
        <section aria-labelledby="desk-summary-title">
          <Heading id="desk-summary-title">{t('ongi.desk.summary')}</Heading>
          <Typography>
            {item.email} · {t(`ongi.common.gender.${item.gender}`)} · {t('ongi.common.age', { age: item.age })}
          </Typography>
          <Typography>
            {t('ongi.desk.joined')}: {formatKstDateTime(item.createdAt)} · {t('ongi.desk.verification')}:{' '}
            {t(item.identityVerified ? 'ongi.desk.identity_yes' : 'ongi.desk.identity_no')},{' '}
            {t(item.photoVerified ? 'ongi.desk.photo_yes' : 'ongi.desk.photo_no')}
          </Typography>
          <Typography sx={{ mt: 1, fontWeight: 700 }}>{t('ongi.desk.reasons')}</Typography>
          <ScoreParts item={item} />
        </section>
        <Divider />
        <section aria-labelledby="desk-flags-title">
          <Heading id="desk-flags-title">{t('ongi.desk.flags_title', { count: item.signals.flags })}</Heading>
          {item.flags.length === 0 ? (
            <Typography color="text.secondary">{t('ongi.desk.flags_empty')}</Typography>
          ) : null}
          <Box sx={{ display: 'grid', gap: 1 }}>
            {item.flags.map((f) => (
              <FlagEvidence key={f.id} flag={f} />
            ))}
          </Box>
        </section>
        <section aria-labelledby="desk-reports-title">
          <Heading id="desk-reports-title">{t('ongi.desk.reports_title', { count: item.reports.length })}</Heading>
          {item.reports.length === 0 ? (
            <Typography color="text.secondary">{t('ongi.desk.reports_empty')}</Typography>
          ) : null}
          <Box sx={{ display: 'grid', gap: 1 }}>
            {item.reports.map((r) => (
              <ReportDetail key={r.id} report={r} />
            ))}
          </Box>
        </section>
        <section aria-labelledby="desk-matches-title">
          <Heading id="desk-matches-title">{t('ongi.desk.matches_title', { count: item.photoMatches.length })}</Heading>
          {item.photoMatches.length === 0 ? (
            <Typography color="text.secondary">{t('ongi.desk.matches_empty')}</Typography>
          ) : null}
          {item.photoMatches.map((m) => (
            <Stack key={m.id} direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 1 }}>
              <img
                src={m.member.imageUrl}
                alt={t('ongi.photos.member_photo_alt', { name: m.member.name, n: 1 })}
                style={IMG}
              />
              <figure style={{ margin: 0 }}>
                <img
                  src={m.other.imageUrl}
                  alt={t('ongi.photos.member_photo_alt', { name: m.other.name, n: 1 })}
                  style={IMG}
                />
                <figcaption>
                  <a href={`#/users/${m.other.id}/show`}>
                    {t('ongi.desk.match_other', { name: m.other.name, id: m.other.id })}
                  </a>
                </figcaption>
              </figure>
            </Stack>
          ))}
        </section>
        {item.photoVerifications.length > 0 ? (
          <section aria-labelledby="desk-selfies-title">
            <Heading id="desk-selfies-title">
              {t('ongi.desk.selfies_title', { count: item.photoVerifications.length })}
            </Heading>
            <Button href="#/photo-verifications">{t('ongi.desk.selfies_link')}</Button>
          </section>
        ) : null}
        <Divider />
        <ProfileTexts memberId={item.id} />
        <Divider />
        <MemberAuditSection memberId={item.id} />
      </CardContent>
      <DeskActionDialog kind={action} member={member} onClose={() => setAction(null)} onDone={onDone} />
      <BanDialog
        member={member}
        open={banOpen}
        onClose={() => setBanOpen(false)}
        allowPermanent={isAdminRole}
        reasonRequired
        submit={(body) => deskApi.ban(item.id, { reason: body.reason ?? '', until: body.until })}
        onDone={onDone}
      />
    </Card>
  );
}

export function SafetyDeskShow() {
  const t = useTranslate();
  const { id } = useParams();
  const redirect = useRedirect();
  const memberId = Number(id);
  const item = useLoad(() => deskApi.item(memberId), Number.isSafeInteger(memberId), memberId);
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
      <Title title={t('ongi.desk.title')} />
      <div>
        <Button href="#/safety-desk">{t('ongi.desk.back')}</Button>
      </div>
      {item.error ? <Alert severity="error">{t('ongi.desk.load_failed')}</Alert> : null}
      {item.loading && !item.data ? (
        <Skeleton variant="rounded" height={320} aria-label={t('ra.page.loading')} />
      ) : null}
      {item.data ? <DeskItem item={item.data} onDone={() => redirect('list', 'safety-desk')} /> : null}
    </Box>
  );
}
