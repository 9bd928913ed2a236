// One report opened from the table: the full reason text and the message samples it carried.
import { Box, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatKstDateTime, type AdminReport } from '@contract/admin-console';

export function ReportDetail({ report }: { report: AdminReport }) {
  const t = useTranslate();
  return (
    <Box sx={{ p: 2, bgcolor: 'background.default', borderRadius: 2 }}>
      <Typography variant="subtitle2" component="h4">
        {t('ongi.reports.reason')}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', mb: 2 }}>{report.content}</Typography>
      <Typography variant="subtitle2" component="h4">
        {t('ongi.reports.samples')}
      </Typography>
      {report.messageSamples.length === 0 ? (
        <Typography color="text.secondary">{t('ongi.reports.no_samples')}</Typography>
      ) : (
        <Stack spacing={0.75} sx={{ mt: 1 }} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {report.messageSamples.map((m, i) => (
            <Stack
              component="li"
              key={i}
              direction="row"
              sx={{ justifyContent: m.from === 'me' ? 'flex-end' : 'flex-start' }}
            >
              <Paper
                variant="outlined"
                sx={{
                  px: 1.5,
                  py: 0.75,
                  maxWidth: '75%',
                  bgcolor: m.from === 'me' ? 'secondary.light' : 'background.paper',
                }}
              >
                <Typography variant="caption" color="text.secondary" component="p">
                  {t(m.from === 'me' ? 'ongi.reports.sample_me' : 'ongi.reports.sample_other')}
                  {m.time ? ` · ${formatKstDateTime(m.time) || m.time}` : ''}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap' }}>{m.text}</Typography>
              </Paper>
            </Stack>
          ))}
        </Stack>
      )}
    </Box>
  );
}
