// One report opened from the table: the full reason text and the message samples it carried —
// a photo sample shows its picture and a voice note plays (the API's short-lived admin links), and
// an unsent message is labelled as such, so the evidence reads as it was.
import { Box, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatKstDateTime, type AdminReport, type ReportMessageSample } from '@contract/admin-core';

function SamplePhoto({ url }: { url: string }) {
  const t = useTranslate();
  const [failed, setFailed] = useState(false);
  if (failed) return <Typography color="text.secondary">{t('ongi.reports.sample_photo_expired')}</Typography>;
  return (
    <a href={url} target="_blank" rel="noreferrer noopener">
      <Box
        component="img"
        src={url}
        alt={t('ongi.reports.sample_photo')}
        onError={() => setFailed(true)}
        sx={{ display: 'block', maxWidth: '100%', width: 240, maxHeight: 240, objectFit: 'contain', borderRadius: 1 }}
      />
    </a>
  );
}

function SampleVoice({ url }: { url: string }) {
  const t = useTranslate();
  const [failed, setFailed] = useState(false);
  if (failed) return <Typography color="text.secondary">{t('ongi.reports.sample_voice_expired')}</Typography>;
  return (
    <Box
      component="audio"
      controls
      preload="none"
      src={url}
      aria-label={t('ongi.reports.sample_voice')}
      onError={() => setFailed(true)}
      sx={{ display: 'block', width: 260, maxWidth: '100%' }}
    />
  );
}

function Sample({ m }: { m: ReportMessageSample }) {
  const t = useTranslate();
  return (
    <Paper
      variant="outlined"
      sx={{
        px: 1.5,
        py: 0.75,
        maxWidth: '75%',
        bgcolor: m.from === 'me' ? 'secondary.light' : 'background.paper',
        ...(m.unsent ? { borderStyle: 'dashed' } : {}),
      }}
    >
      <Typography variant="caption" color="text.secondary" component="p">
        {t(m.from === 'me' ? 'ongi.reports.sample_me' : 'ongi.reports.sample_other')}
        {m.time ? ` · ${formatKstDateTime(m.time) || m.time}` : ''}
      </Typography>
      {m.unsent ? (
        <Typography variant="caption" component="p" sx={{ fontWeight: 700, color: 'warning.dark' }}>
          {t('ongi.reports.sample_unsent')}
        </Typography>
      ) : null}
      {m.imageUrl ? (
        <SamplePhoto url={m.imageUrl} />
      ) : m.audioUrl ? (
        <SampleVoice url={m.audioUrl} />
      ) : (
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{m.text}</Typography>
      )}
    </Paper>
  );
}

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
              <Sample m={m} />
            </Stack>
          ))}
        </Stack>
      )}
    </Box>
  );
}
