// 감사 기록: every operator action, newest first, filtered by operator, action and member. Read
// only: the console has no way to change or remove an entry (nor has the Worker).
import { Typography } from '@mui/material';
import { Datagrid, FunctionField, List, NumberInput, Pagination, SelectInput, Title, useTranslate } from 'react-admin';
import { formatKstDateTime } from '@contract/admin-core';
import { AUDIT_ACTIONS } from '@contract/audit';
import type { AuditEntryView } from '@contract/safety-desk-core';
import { detailText, subjectText } from './audit-text';

export function AuditLogList() {
  const t = useTranslate();
  const filters = [
    <SelectInput
      key="action"
      source="action"
      label={t('ongi.audit.action')}
      choices={AUDIT_ACTIONS.map((id) => ({ id, name: t(`ongi.audit.actions.${id}`) }))}
      alwaysOn
    />,
    <NumberInput key="adminId" source="adminId" label={t('ongi.audit.operator_id')} alwaysOn />,
    <NumberInput key="memberId" source="memberId" label={t('ongi.audit.member_id')} alwaysOn />,
  ];
  return (
    <>
      <Title title={t('ongi.audit.title')} />
      <Typography sx={{ mt: 2 }} color="text.secondary">
        {t('ongi.audit.hint')}
      </Typography>
      <List
        resource="audit-log"
        title={t('ongi.audit.title')}
        filters={filters}
        exporter={false}
        perPage={25}
        pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
        empty={<Typography sx={{ p: 2 }}>{t('ongi.audit.empty')}</Typography>}
        sort={{ field: 'createdAt', order: 'DESC' }}
      >
        <AuditTable />
      </List>
    </>
  );
}

/** The entries as a table (also the member's record on their show page). */
export function AuditTable({ withMember = true }: { withMember?: boolean }) {
  const t = useTranslate();
  return (
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <FunctionField
        label={t('ongi.audit.at')}
        render={(e: AuditEntryView) => formatKstDateTime(e.createdAt)}
        sortable={false}
      />
      <FunctionField
        label={t('ongi.audit.operator')}
        render={(e: AuditEntryView) =>
          t('ongi.audit.operator_with_role', { name: e.adminName, role: t(`ongi.roles.${e.adminRole}`) })
        }
        sortable={false}
      />
      <FunctionField
        label={t('ongi.audit.action')}
        render={(e: AuditEntryView) => t(`ongi.audit.actions.${e.action}`)}
        sortable={false}
      />
      {withMember ? (
        <FunctionField
          label={t('ongi.audit.member')}
          render={(e: AuditEntryView) =>
            e.memberId ? <a href={`#/users/${e.memberId}/show`}>{`${e.memberName ?? ''} #${e.memberId}`}</a> : ''
          }
          sortable={false}
        />
      ) : null}
      <FunctionField
        label={t('ongi.audit.subject')}
        render={(e: AuditEntryView) => subjectText(e, t)}
        sortable={false}
      />
      <FunctionField label={t('ongi.audit.reason')} render={(e: AuditEntryView) => e.reason ?? ''} sortable={false} />
      <FunctionField label={t('ongi.audit.detail')} render={(e: AuditEntryView) => detailText(e, t)} sortable={false} />
    </Datagrid>
  );
}
