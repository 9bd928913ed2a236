// '/communityList': three tabs (deep-linkable with ?category=), the feed, the floating write
// button, and the detail overlay (?post=ID) over the list.
import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { CommunityPost } from '@contract/community';
import { POST_CATEGORIES, type PostCategory } from '@contract/enums';
import { currentMemberId, useDeletePost, usePost } from '../../api/community';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';
import '../../styles/community.css';
import { PenIcon } from './community-icons';
import { PostDetailDialog } from './post-detail-dialog';
import { PostFeed } from './post-feed';

const isCategory = (v: string | null): v is PostCategory => (POST_CATEGORIES as readonly (string | null)[]).includes(v);

export function CommunityListPage() {
  const [params, setParams] = useSearchParams();
  const rawCategory = params.get('category');
  const category: PostCategory = isCategory(rawCategory) ? rawCategory : 'FREE';
  const openId = Number(params.get('post')) || null;
  const me = currentMemberId();
  const [pendingDelete, setPendingDelete] = useState<CommunityPost | null>(null);
  const deletePost = useDeletePost();
  const t = ko.community;

  // A link with only ?post= (the spec's /communityDetail?id=) shows the post's own tab behind it.
  const opened = usePost(openId);
  const openedCategory = opened.data?.category;
  useEffect(() => {
    if (openedCategory && !rawCategory && openId !== null) {
      setParams({ category: openedCategory, post: String(openId) }, { replace: true });
    }
  }, [openedCategory, rawCategory, openId, setParams]);

  const hrefOf = (post: CommunityPost) => `/communityList?category=${post.category}&post=${post.id}`;
  const closeDetail = () => {
    const next = new URLSearchParams(params);
    next.delete('post');
    setParams(next, { replace: true });
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    try {
      await deletePost.mutateAsync(pendingDelete.id);
      showToast(t.deleted, 'success');
    } catch {
      showToast(t.deleteFailed, 'error');
    }
  };

  return (
    <div className="container community">
      <header className="community__head">
        <h1 className="page-title">{t.title}</h1>
        <p className="page-lead">{t.lead}</p>
      </header>
      <Tabs.Root value={category} onValueChange={(v) => isCategory(v) && setParams({ category: v })}>
        <Tabs.List className="community-tabs" aria-label={t.tabsLabel}>
          {POST_CATEGORIES.map((c) => (
            <Tabs.Trigger key={c} value={c} className="community-tabs__tab">
              {t.tabs[c]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {POST_CATEGORIES.map((c) => (
          <Tabs.Content key={c} value={c} className="community-tabs__panel">
            {c === category ? <PostFeed category={c} me={me} hrefOf={hrefOf} onDelete={setPendingDelete} /> : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>

      {/* Named by its text (hidden visually, not from screen readers, on a phone). */}
      <Link to={`/communityWrite?category=${category}`} className="community-fab">
        <PenIcon size={20} />
        <span className="community-fab__text">{t.writeLabel}</span>
      </Link>

      <PostDetailDialog postId={openId} me={me} onClose={closeDetail} />
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => !open && setPendingDelete(null)}
        title={t.confirmPostTitle}
        description={t.confirmPostBody}
        confirmLabel={t.confirmRemove}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
