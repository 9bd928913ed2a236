// 대시보드: real figures from /admin/api/dashboard (members, this week's reports, active chats,
// posts) and two 30-day charts loaded as their own chunk.
import { lazy, Suspense, type ReactNode } from 'react';
import { Alert, Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { Title, useDataProvider, useGetIdentity, useTranslate } from 'react-admin';
import { formatKstDateTime } from '@contract/admin-core';
import type { OngiDataProvider } from '../api/data-provider';
import { useLoad } from '../lib/use-load';

const DashboardCharts = lazy(() => import('./DashboardCharts'));

function Figure({ label, main, sub }: { label: string; main: ReactNode; sub: ReactNode }) {
  return (
    <Card component="section" aria-label={label}>
      <CardContent>
        <Typography color="text.secondary" variant="body2">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700, mt: 0.5 }}>
          {main}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {sub}
        </Typography>
      </CardContent>
    </Card>
  );
}

export default function Dashboard() {
  const t = useTranslate();
  const { identity } = useGetIdentity();
  const dataProvider = useDataProvider<OngiDataProvider>();
  const figures = useLoad(() => dataProvider.dashboard());
  const d = figures.data;
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={t('ongi.dashboard.title')} />
      {identity?.fullName && (
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          {t('ongi.dashboard.greeting', { name: identity.fullName })}
        </Typography>
      )}
      {figures.error !== null && !figures.loading && <Alert severity="error">{t('ongi.dashboard.failed')}</Alert>}
      {figures.loading && <Skeleton variant="rounded" height={120} />}
      {d && (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}>
            <Figure
              label={t('ongi.dashboard.members')}
              main={t('ongi.dashboard.members_total', { count: d.members.total.toLocaleString('ko-KR') })}
              sub={t('ongi.dashboard.members_new', { count: d.members.newThisWeek })}
            />
            <Figure
              label={t('ongi.dashboard.reports')}
              main={t('ongi.dashboard.reports_pending', { count: d.reportsThisWeek.pending })}
              sub={t('ongi.dashboard.reports_handled', { count: d.reportsThisWeek.handled })}
            />
            <Figure
              label={t('ongi.dashboard.chats')}
              main={d.activeChats.toLocaleString('ko-KR')}
              sub={t('ongi.dashboard.chats_hint', { count: d.activeChats })}
            />
            <Figure
              label={t('ongi.dashboard.posts')}
              main={t('ongi.dashboard.posts_total', { count: d.posts.total.toLocaleString('ko-KR') })}
              sub={t('ongi.dashboard.posts_week', { count: d.posts.thisWeek })}
            />
          </Box>
          <Suspense
            fallback={
              <Skeleton
                variant="rounded"
                height={220}
                sx={{ mt: 2 }}
                role="img"
                aria-label={t('ongi.dashboard.chart_loading')}
              />
            }
          >
            <DashboardCharts days={d.daily} />
          </Suspense>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
            {t('ongi.dashboard.updated_at', { at: formatKstDateTime(d.generatedAt) })}
          </Typography>
        </>
      )}
    </Box>
  );
}
