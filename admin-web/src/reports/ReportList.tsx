// 신고: reported members with accepted/pending counts (most pending first); a row opens the
// member's reports.
import { useState } from 'react';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import {
  Button,
  Datagrid,
  List,
  NumberField,
  SearchInput,
  TextField,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { ReportedUserSummary } from '@contract/admin-core';
import { GenderField, ProviderField, StatusField } from '../users/fields';
import { MemberReportsDialog } from './MemberReportsDialog';

/** `label` is read by the Datagrid for the column header (a header cell must not be empty). */
function OpenReports(_props: { label?: string }) {
  const member = useRecordContext<ReportedUserSummary>();
  const [open, setOpen] = useState(false);
  if (!member) return null;
  return (
    <span onClick={(e) => e.stopPropagation()}>
      <Button label="ongi.reports.open" onClick={() => setOpen(true)}>
        <FactCheckIcon />
      </Button>
      <MemberReportsDialog member={{ id: member.id, name: member.name }} open={open} onClose={() => setOpen(false)} />
    </span>
  );
}

export function ReportList() {
  const t = useTranslate();
  const notify = useNotify();
  return (
    <List
      title={t('ongi.reports.title')}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={t('ongi.users.search')} />]}
      sort={{ field: 'reportPendingCount', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={false}
      queryOptions={{ onError: () => notify('ongi.reports.list_failed', { type: 'error' }) }}
    >
      <Datagrid
        bulkActionButtons={false}
        rowClick={false}
        sx={{ '& .RaDatagrid-headerCell, & .MuiButton-root': { whiteSpace: 'nowrap' } }}
      >
        <TextField source="name" label="ongi.fields.name" />
        <TextField source="email" label="ongi.fields.email" />
        <GenderField label="ongi.fields.gender" sortBy="gender" />
        <NumberField source="age" label="ongi.fields.age" />
        <ProviderField label="ongi.fields.provider" sortBy="providerType" />
        <StatusField label="ongi.fields.status" sortBy="status" />
        <NumberField source="reportAcceptedCount" label={t('ongi.reports.accepted_count')} />
        <NumberField source="reportPendingCount" label={t('ongi.reports.pending_count')} />
        <OpenReports label="ongi.fields.actions" />
      </Datagrid>
    </List>
  );
}
