// A member's record on their show page: the audit entries about them (newest first).
import { Alert, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatKstDateTime } from '@contract/admin-core';
import { useLoad } from '../lib/use-load';
import { deskApi } from '../safety/desk-api';
import { detailText, subjectText } from './audit-text';

export function MemberAuditSection({ memberId }: { memberId: number }) {
  const t = useTranslate();
  const entries = useLoad(() => deskApi.auditOf(memberId), true, memberId);
  return (
    <section aria-labelledby="member-audit-title">
      <Typography id="member-audit-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {t('ongi.audit.member_section')}
      </Typography>
      {entries.error ? <Alert severity="error">{t('ongi.common.load_failed')}</Alert> : null}
      {entries.data?.length === 0 ? (
        <Typography color="text.secondary">{t('ongi.audit.member_empty')}</Typography>
      ) : null}
      {entries.data && entries.data.length > 0 ? (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('ongi.audit.at')}</TableCell>
              <TableCell>{t('ongi.audit.operator')}</TableCell>
              <TableCell>{t('ongi.audit.action')}</TableCell>
              <TableCell>{t('ongi.audit.subject')}</TableCell>
              <TableCell>{t('ongi.audit.reason')}</TableCell>
              <TableCell>{t('ongi.audit.detail')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.data.map((e) => (
              <TableRow key={e.id}>
                <TableCell>{formatKstDateTime(e.createdAt)}</TableCell>
                <TableCell>
                  {t('ongi.audit.operator_with_role', { name: e.adminName, role: t(`ongi.roles.${e.adminRole}`) })}
                </TableCell>
                <TableCell>{t(`ongi.audit.actions.${e.action}`)}</TableCell>
                <TableCell>{subjectText(e, t)}</TableCell>
                <TableCell>{e.reason ?? ''}</TableCell>
                <TableCell>{detailText(e, t)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </section>
  );
}
