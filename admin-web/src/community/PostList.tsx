// 커뮤니티: every post as a card, newest first, each with a delete button behind a confirmation.
import { Box, Card, CardActions, CardContent, CardMedia, Chip, Stack, Typography } from '@mui/material';
import {
  DeleteWithConfirmButton,
  List,
  RecordContextProvider,
  SearchInput,
  SelectInput,
  useListContext,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { CommunityPost } from '@contract/community';
import { formatKstDateTime } from '@contract/admin-core';
import { POST_CATEGORIES } from '@contract/enums';
import { withReason } from '../lib/errors';

function PostCard({ post }: { post: CommunityPost }) {
  const t = useTranslate();
  const notify = useNotify();
  return (
    <Card
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column' }}
      component="article"
      aria-label={post.title}
    >
      {post.imageUrl && <CardMedia component="img" height="140" image={post.imageUrl} alt="" />}
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Chip size="small" label={t(`ongi.community.categories.${post.category}`)} />
          <Typography variant="body2" color="text.secondary">
            {post.writerName} · {formatKstDateTime(post.createdAt)}
          </Typography>
        </Stack>
        <Typography
          variant="subtitle1"
          component="h2"
          sx={{
            fontWeight: 700,
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {post.title}
        </Typography>
        <Typography
          variant="body2"
          sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', mt: 0.5 }}
        >
          {post.content}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {t('ongi.community.counts', { likes: post.likes, comments: post.commentsCount, views: post.views })}
        </Typography>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end' }}>
        <RecordContextProvider value={post}>
          <DeleteWithConfirmButton
            mutationMode="pessimistic"
            confirmTitle={t('ongi.community.delete_title')}
            confirmContent={t('ongi.community.delete_content', { title: post.title })}
            successMessage="ongi.community.deleted"
            mutationOptions={{
              onError: (err) => notify(withReason(t('ongi.community.delete_failed'), err), { type: 'error' }),
            }}
            redirect={false}
          />
        </RecordContextProvider>
      </CardActions>
    </Card>
  );
}

function PostGrid() {
  const { data, isPending } = useListContext<CommunityPost>();
  const t = useTranslate();
  if (isPending) return null;
  if (!data || data.length === 0) {
    return (
      <Typography sx={{ p: 3 }} color="text.secondary">
        {t('ongi.community.empty')}
      </Typography>
    );
  }
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        p: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
      }}
    >
      {data.map((post) => (
        <PostCard key={post.id} post={post} />
      ))}
    </Box>
  );
}

export function PostList() {
  const t = useTranslate();
  const categories = POST_CATEGORIES.map((id) => ({ id, name: t(`ongi.community.categories.${id}`) }));
  return (
    <List
      title={t('ongi.menu.community')}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={24}
      exporter={false}
      empty={false}
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder={t('ongi.community.search')} />,
        <SelectInput
          key="category"
          source="category"
          label={t('ongi.community.category')}
          choices={categories}
          alwaysOn
        />,
      ]}
    >
      <PostGrid />
    </List>
  );
}
