// 사용자: search by name/email, filters (status, gender, provider, 만 19세 미만), sortable columns, paging
// through ra-data-simple-rest (Content-Range). A row opens the detail view.
import { Typography } from '@mui/material';
import {
  Datagrid,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  TextField,
  useListContext,
  useNotify,
  useTranslate,
} from 'react-admin';
import { GENDERS, MEMBER_STATUSES, PROVIDER_TYPES } from '@contract/enums';
import { UserActions } from './UserActions';
import { GenderField, KstDateField, ProviderField, StatusField } from './fields';

function useChoices() {
  const translate = useTranslate();
  return {
    status: MEMBER_STATUSES.map((id) => ({ id, name: translate(`ongi.common.status.${id}`) })),
    gender: GENDERS.map((id) => ({ id, name: translate(`ongi.common.gender.${id}`) })),
    provider: PROVIDER_TYPES.map((id) => ({ id, name: translate(`ongi.common.provider.${id}`) })),
    // Adults only (docs/trust.md "Adults only"): members under 19 by the year rule, hidden and gated; the list's
    // total (pagination) is their count.
    ageGroup: [{ id: 'UNDER_19', name: translate('ongi.users.under_19') }],
  };
}

/**
 * Short headers and the action buttons keep to one line; names and emails may wrap. On a phone the
 * table scrolls sideways inside its box instead of widening the page.
 */
const NO_WRAP = {
  '&, & .RaDatagrid-tableWrapper': { maxWidth: '100%', overflowX: 'auto' },
  '& .RaDatagrid-headerCell, & .column-id, & .column-age, & .column-undefined': { whiteSpace: 'nowrap' },
  '& .MuiButton-root': { whiteSpace: 'nowrap' },
};

/** With the 만 19세 미만 filter on: how many there are, said in words. */
function Under19Count() {
  const translate = useTranslate();
  const { filterValues, total } = useListContext();
  if ((filterValues as { ageGroup?: string }).ageGroup !== 'UNDER_19' || total === undefined) return null;
  return (
    <Typography role="status" sx={{ px: 2, pt: 1.5 }}>
      {translate('ongi.users.under_19_count', { count: total })}
    </Typography>
  );
}

export function UserList() {
  const translate = useTranslate();
  const notify = useNotify();
  const choices = useChoices();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('ongi.users.search')} />,
    <SelectInput key="status" source="status" label="ongi.fields.status" choices={choices.status} alwaysOn />,
    <SelectInput key="gender" source="gender" label="ongi.fields.gender" choices={choices.gender} alwaysOn />,
    <SelectInput
      key="providerType"
      source="providerType"
      label="ongi.fields.provider"
      choices={choices.provider}
      alwaysOn
    />,
    <SelectInput key="ageGroup" source="ageGroup" label="ongi.users.age_group" choices={choices.ageGroup} alwaysOn />,
  ];
  return (
    <List
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={25}
      title={translate('ongi.menu.users')}
      exporter={false}
      queryOptions={{ onError: () => notify('ongi.users.list_failed', { type: 'error' }) }}
      sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } }}
    >
      <Under19Count />
      <Datagrid rowClick="show" bulkActionButtons={false} sx={NO_WRAP}>
        <NumberField source="id" label="ongi.fields.id" />
        <TextField source="name" label="ongi.fields.name" />
        <TextField source="email" label="ongi.fields.email" />
        <GenderField label="ongi.fields.gender" sortBy="gender" />
        <NumberField source="age" label="ongi.fields.age" />
        <ProviderField label="ongi.fields.provider" sortBy="providerType" />
        <StatusField label="ongi.fields.status" sortBy="status" />
        <KstDateField source="createdAt" label="ongi.fields.joined" />
        <UserActions label="ongi.fields.actions" />
      </Datagrid>
    </List>
  );
}
