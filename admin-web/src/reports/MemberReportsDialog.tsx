// The reports against one member: reporter, type, room, reason cut at 40 characters (full text
// and message samples on open), status and Korea-time dates; 승인/반려 only on PENDING.
import { Fragment, useState } from 'react';
import {
  Alert,
  Button,
  Chip,
  CircularProgress,
  Collapse,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { formatKstDateTime, type AdminReport } from '@contract/admin-core';
import type { OngiDataProvider } from '../api/data-provider';
import { withReason } from '../lib/errors';
import { useLoad } from '../lib/use-load';
import { ReportDetail } from './ReportDetail';
import { previewReason } from './report-text';

type Props = { member: { id: number; name: string }; open: boolean; onClose: () => void };

const STATUS_COLOR = { PENDING: 'warning', ACCEPTED: 'success', REJECTED: 'default' } as const;

export function MemberReportsDialog({ member, open, onClose }: Props) {
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<OngiDataProvider>();
  const reports = useLoad(() => dataProvider.reportsOf(member.id), open, member.id);
  const [expanded, setExpanded] = useState<number | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const settle = async (report: AdminReport, action: 'accept' | 'reject') => {
    setBusy(report.id);
    try {
      await dataProvider.settleReport(report.id, action);
      notify(action === 'accept' ? 'ongi.reports.accepted' : 'ongi.reports.rejected', { type: 'success' });
      reports.reload();
      refresh(); // the summary counts behind the dialog
    } catch (err) {
      notify(withReason(t(action === 'accept' ? 'ongi.reports.accept_failed' : 'ongi.reports.reject_failed'), err), {
        type: 'error',
      });
    } finally {
      setBusy(null);
    }
  };

  const list = reports.data;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="member-reports-title">
      <DialogTitle id="member-reports-title">{t('ongi.reports.dialog_title', { name: member.name })}</DialogTitle>
      <DialogContent>
        {reports.loading && !list && <CircularProgress size={28} aria-label={t('ra.page.loading')} />}
        {!reports.loading && reports.error !== null && <Alert severity="error">{t('ongi.reports.failed')}</Alert>}
        {list?.length === 0 && <Typography color="text.secondary">{t('ongi.reports.empty')}</Typography>}
        {list && list.length > 0 && (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('ongi.reports.reporter')}</TableCell>
                <TableCell>{t('ongi.reports.type')}</TableCell>
                <TableCell>{t('ongi.reports.room')}</TableCell>
                <TableCell>{t('ongi.reports.reason')}</TableCell>
                <TableCell>{t('ongi.reports.status')}</TableCell>
                <TableCell>{t('ongi.reports.reported_at')}</TableCell>
                <TableCell>{t('ongi.fields.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((r) => (
                <Fragment key={r.id}>
                  <TableRow hover>
                    <TableCell>{r.reporterName}</TableCell>
                    <TableCell>{t(`ongi.reports.types.${r.reportType}`)}</TableCell>
                    <TableCell>{r.chatroomId ?? t('ongi.reports.no_room')}</TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        variant="text"
                        sx={{ textAlign: 'left', textTransform: 'none', justifyContent: 'flex-start' }}
                        aria-expanded={expanded === r.id}
                        onClick={() => setExpanded(expanded === r.id ? null : r.id)}
                        title={t('ongi.reports.show_full')}
                      >
                        {previewReason(r.content)}
                      </Button>
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={STATUS_COLOR[r.status]}
                        label={t(`ongi.reports.statuses.${r.status}`)}
                      />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatKstDateTime(r.reportedAt)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {r.status === 'PENDING' ? (
                        <Stack direction="row" spacing={1}>
                          <Button
                            size="small"
                            variant="contained"
                            disabled={busy === r.id}
                            onClick={() => void settle(r, 'accept')}
                          >
                            {t('ongi.reports.accept')}
                          </Button>
                          <Button
                            size="small"
                            variant="outlined"
                            disabled={busy === r.id}
                            onClick={() => void settle(r, 'reject')}
                          >
                            {t('ongi.reports.reject')}
                          </Button>
                        </Stack>
                      ) : (
                        <Typography variant="body2" color="text.secondary">
                          {formatKstDateTime(r.handledAt)}
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell colSpan={7} sx={{ py: 0, borderBottom: expanded === r.id ? undefined : 'none' }}>
                      <Collapse in={expanded === r.id} unmountOnExit>
                        <ReportDetail report={r} />
                      </Collapse>
                    </TableCell>
                  </TableRow>
                </Fragment>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('ongi.common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
