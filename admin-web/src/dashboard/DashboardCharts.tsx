// The dashboard's two 30-day charts (signups, reports): a separate chunk, loaded after the figures.
import { Card, CardContent, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DashboardDay } from '@contract/admin-core';
import { DailyChart } from './DailyChart';

export default function DashboardCharts({ days }: { days: DashboardDay[] }) {
  const t = useTranslate();
  const sum = (key: 'signups' | 'reports') => days.reduce((n, d) => n + d[key], 0);
  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ mt: 2 }}>
      <Card sx={{ flex: 1 }}>
        <CardContent>
          <DailyChart
            title={t('ongi.dashboard.signups_chart')}
            total={t('ongi.dashboard.chart_total', { count: sum('signups') })}
            days={days}
            value="signups"
            color="#c04327"
          />
        </CardContent>
      </Card>
      <Card sx={{ flex: 1 }}>
        <CardContent>
          <DailyChart
            title={t('ongi.dashboard.reports_chart')}
            total={t('ongi.dashboard.chart_total', { count: sum('reports') })}
            days={days}
            value="reports"
            color="#8a5a44"
          />
        </CardContent>
      </Card>
    </Stack>
  );
}
