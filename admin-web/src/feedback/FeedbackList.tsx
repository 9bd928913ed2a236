// 피드백: every member's feedback (GET /feedback) with the member's name, title and content;
// '등록된 피드백이 없어요' when empty, '피드백을 불러오지 못했어요' when the call fails.
import { Typography } from '@mui/material';
import { Datagrid, List, TextField, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { AdminFeedbackItem } from '@contract/feedback';
import { formatKstDateTime } from '@contract/admin-core';

function MemberName(_props: { label?: string; sortBy?: string }) {
  const item = useRecordContext<AdminFeedbackItem>();
  return item ? <>{item.user?.name ?? `#${item.memberId}`}</> : null;
}

function CreatedAt(_props: { label?: string; sortBy?: string }) {
  const item = useRecordContext<AdminFeedbackItem>();
  return item ? <span style={{ whiteSpace: 'nowrap' }}>{formatKstDateTime(item.createdAt)}</span> : null;
}

function Empty() {
  const t = useTranslate();
  return (
    <Typography sx={{ p: 3 }} color="text.secondary">
      {t('ongi.feedback.empty')}
    </Typography>
  );
}

export function FeedbackList() {
  const t = useTranslate();
  const notify = useNotify();
  return (
    <List
      title={t('ongi.menu.feedback')}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={<Empty />}
      queryOptions={{ onError: () => notify('ongi.feedback.failed', { type: 'error' }) }}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <MemberName label={t('ongi.feedback.member')} />
        <TextField source="title" label={t('ongi.feedback.title')} />
        <TextField source="content" label={t('ongi.feedback.content')} sx={{ whiteSpace: 'pre-wrap' }} />
        <CreatedAt label={t('ongi.feedback.created_at')} sortBy="createdAt" />
      </Datagrid>
    </List>
  );
}
