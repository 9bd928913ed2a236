// 안전 데스크: one row per member who needs a person, highest risk score first, with the score's
// parts in words (why they are here) and their open signals; a row opens the member's evidence.
// Below: how often senders changed their mind when asked '정말 보낼까요?'.
import { Alert, Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Datagrid, FunctionField, List, Pagination, Title, useTranslate } from 'react-admin';
import { formatKstDateTime } from '@contract/admin-core';
import { DESK_KIND_LABELS, type DeskNudgeStats, type DeskQueueItem } from '@contract/safety-desk-core';
import { useLoad } from '../lib/use-load';
import { deskApi } from './desk-api';

export function ScoreParts({ item }: { item: Pick<DeskQueueItem, 'parts'> }) {
  const t = useTranslate();
  return (
    <Stack component="ul" direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}>
      {item.parts.map((p) => (
        <li key={p.key}>
          <Chip
            size="small"
            variant="outlined"
            label={`${p.label} ${p.points > 0 ? '+' : ''}${t('ongi.desk.points', { points: p.points })}`}
          />
        </li>
      ))}
    </Stack>
  );
}

/** The nudge counts per kind (고쳐 씀 vs 그대로 보냄), last 30 days. */
export function NudgeStats({ stats }: { stats: DeskNudgeStats }) {
  const t = useTranslate();
  const total = stats.edited + stats.sent;
  return (
    <Card component="section" aria-labelledby="desk-nudges-title">
      <CardContent>
        <Typography id="desk-nudges-title" variant="h6" component="h2">
          {t('ongi.desk.nudges_title', { days: stats.days })}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('ongi.desk.nudges_hint')}
        </Typography>
        {total === 0 ? (
          <Typography>{t('ongi.desk.nudges_none')}</Typography>
        ) : (
          <ul>
            <li>
              {t('ongi.desk.nudges_total', {
                edited: stats.edited,
                sent: stats.sent,
                rate: Math.round((stats.edited / total) * 100),
              })}
            </li>
            {stats.byKind
              .filter((k) => k.edited + k.sent > 0)
              .map((k) => (
                <li key={k.kind}>
                  {t('ongi.desk.nudges_kind', { kind: DESK_KIND_LABELS[k.kind], edited: k.edited, sent: k.sent })}
                </li>
              ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function SafetyDeskList() {
  const t = useTranslate();
  const nudges = useLoad(() => deskApi.nudges());
  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2 }}>
      <Title title={t('ongi.desk.title')} />
      <Typography color="text.secondary">{t('ongi.desk.queue_hint')}</Typography>
      <List
        resource="safety-desk"
        title={t('ongi.desk.title')}
        exporter={false}
        perPage={25}
        pagination={<Pagination rowsPerPageOptions={[25, 50]} />}
        empty={<Typography sx={{ p: 2 }}>{t('ongi.desk.empty')}</Typography>}
      >
        <Datagrid bulkActionButtons={false} rowClick="show">
          <FunctionField
            label={t('ongi.desk.member')}
            sortable={false}
            render={(r: DeskQueueItem) => (
              <span>
                <strong>{r.name}</strong> #{r.id}
                <br />
                {r.email}
              </span>
            )}
          />
          <FunctionField
            label={t('ongi.desk.score')}
            sortable={false}
            render={(r: DeskQueueItem) => (
              <strong aria-label={t('ongi.desk.score_label', { score: r.score })}>{r.score}</strong>
            )}
          />
          <FunctionField
            label={t('ongi.desk.reasons')}
            sortable={false}
            render={(r: DeskQueueItem) => <ScoreParts item={r} />}
          />
          <FunctionField
            label={t('ongi.desk.signals')}
            sortable={false}
            render={(r: DeskQueueItem) => t('ongi.desk.signals_summary', r.signals)}
          />
          <FunctionField
            label={t('ongi.desk.oldest')}
            sortable={false}
            render={(r: DeskQueueItem) => formatKstDateTime(r.oldestSignalAt)}
          />
        </Datagrid>
      </List>
      {nudges.error ? <Alert severity="error">{t('ongi.desk.load_failed')}</Alert> : null}
      {nudges.data ? <NudgeStats stats={nudges.data} /> : null}
    </Box>
  );
}
