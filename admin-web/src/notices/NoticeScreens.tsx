// 공지 목록 / 공지 등록 / 공지 수정, on the spec's notice calls through the dataProvider
// (GET /notices, POST /notices/create, PATCH /notices/{id}, PATCH /notices/{id}/delete).
import {
  Create,
  Datagrid,
  DeleteWithConfirmButton,
  Edit,
  EditButton,
  List,
  TextField,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { Stack, Typography } from '@mui/material';
import { formatKstDateTime } from '@contract/admin-core';
import type { NoticeListItem } from '@contract/notices';
import { withReason } from '../lib/errors';
import { useIsAdminRole } from '../lib/use-role';
import { NoticeForm } from './NoticeForm';

function CreatedAt(_props: { label?: string; sortBy?: string }) {
  const notice = useRecordContext<NoticeListItem>();
  return notice ? <>{formatKstDateTime(notice.createdAt)}</> : null;
}

function DeleteNotice() {
  const notice = useRecordContext<NoticeListItem>();
  const t = useTranslate();
  const notify = useNotify();
  if (!notice) return null;
  return (
    <DeleteWithConfirmButton
      mutationMode="pessimistic"
      confirmTitle={t('ongi.notices.delete_title')}
      confirmContent={t('ongi.notices.delete_content', { title: notice.title })}
      successMessage="ongi.notices.deleted"
      mutationOptions={{
        onError: (err) => notify(withReason(t('ongi.notices.delete_failed'), err), { type: 'error' }),
      }}
      redirect="list"
    />
  );
}

/** 수정 and 삭제 in one column; `label` is read by the Datagrid for its header (none may be empty). */
function NoticeActions(_props: { label?: string }) {
  // Notices are written by a 관리자 (docs/safety.md "Roles").
  if (!useIsAdminRole()) return null;
  return (
    <Stack direction="row" spacing={0.5}>
      <EditButton />
      <DeleteNotice />
    </Stack>
  );
}

function NoticeEmpty() {
  const t = useTranslate();
  return (
    <Typography sx={{ p: 3 }} color="text.secondary">
      {t('ongi.notices.empty')}
    </Typography>
  );
}

export function NoticeList() {
  const t = useTranslate();
  const isAdminRole = useIsAdminRole();
  const notify = useNotify();
  return (
    <List
      title={t('ongi.menu.notices')}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={<NoticeEmpty />}
      queryOptions={{ onError: () => notify('ongi.notices.list_failed', { type: 'error' }) }}
    >
      <Datagrid rowClick={isAdminRole ? 'edit' : false} bulkActionButtons={false}>
        <TextField source="id" label="ongi.fields.number" />
        <TextField source="title" label={t('ongi.notices.title')} />
        <CreatedAt label={t('ongi.notices.created_at')} sortBy="createdAt" />
        {isAdminRole && <NoticeActions label="ongi.fields.actions" />}
      </Datagrid>
    </List>
  );
}

// A custom onSuccess replaces react-admin's own side effects, so it redirects itself.
export function NoticeCreate() {
  const t = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title={t('ongi.notices.create_title')}
      mutationOptions={{
        onSuccess: () => {
          notify('ongi.notices.created', { type: 'success' });
          redirect('list', 'notices');
        },
        onError: (err) => notify(withReason(t('ongi.notices.create_failed'), err), { type: 'error' }),
      }}
    >
      <NoticeForm submitLabel={t('ongi.notices.submit_create')} />
    </Create>
  );
}

export function NoticeEdit() {
  const t = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      title={t('ongi.notices.edit_title')}
      mutationMode="pessimistic"
      actions={false}
      mutationOptions={{
        onSuccess: () => {
          notify('ongi.notices.updated', { type: 'success' });
          redirect('list', 'notices');
        },
        onError: (err) => notify(withReason(t('ongi.notices.update_failed'), err), { type: 'error' }),
      }}
    >
      <NoticeForm submitLabel={t('ongi.notices.submit_edit')} />
    </Edit>
  );
}
