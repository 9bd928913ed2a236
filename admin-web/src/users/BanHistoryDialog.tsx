// 정지 이력 modal: newest first; '표시할 내용이 없어요' when empty, '정지 이력을 불러오지 못했어요'
// when the call fails.
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import { formatKstDateTime } from '@contract/admin-core';
import type { OngiDataProvider } from '../api/data-provider';
import { useLoad } from '../lib/use-load';

type Props = { member: { id: number; name: string }; open: boolean; onClose: () => void };

export function BanHistoryDialog({ member, open, onClose }: Props) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<OngiDataProvider>();
  const history = useLoad(() => dataProvider.banHistory(member.id), open, member.id);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="ban-history-title">
      <DialogTitle id="ban-history-title">{translate('ongi.history.title', { name: member.name })}</DialogTitle>
      <DialogContent>
        {history.loading && <CircularProgress size={28} aria-label={translate('ra.page.loading')} />}
        {!history.loading && history.error !== null && (
          <Alert severity="error">{translate('ongi.history.failed')}</Alert>
        )}
        {!history.loading && history.data?.length === 0 && (
          <Typography color="text.secondary">{translate('ongi.history.empty')}</Typography>
        )}
        {!history.loading && history.data && history.data.length > 0 && (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('ongi.history.when')}</TableCell>
                <TableCell>{translate('ongi.history.action')}</TableCell>
                <TableCell>{translate('ongi.history.until')}</TableCell>
                <TableCell>{translate('ongi.history.reason')}</TableCell>
                <TableCell>{translate('ongi.history.admin')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {history.data.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatKstDateTime(entry.createdAt)}</TableCell>
                  <TableCell>{translate(`ongi.history.actions.${entry.action}`)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {entry.action === 'BAN'
                      ? entry.until
                        ? formatKstDateTime(entry.until)
                        : translate('ongi.history.permanent')
                      : translate('ongi.common.none')}
                  </TableCell>
                  <TableCell>{entry.reason ?? translate('ongi.common.none')}</TableCell>
                  <TableCell>{entry.adminName ?? translate('ongi.history.unknown_admin')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ongi.common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
