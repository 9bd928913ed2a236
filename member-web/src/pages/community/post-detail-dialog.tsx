// The detail overlay (accessible dialog): the whole post, its picture, the like toggle with the
// live count, edit/delete for the author, and the comments. Opening it counts a view.
import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { POST_CATEGORY_LABELS, type CommunityPost } from '@contract/community';
import { useDeletePost, useLikeStatus, usePost, useToggleLike, useViewPost } from '../../api/community';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { MemberMenu } from '../../components/member-actions/member-menu';
import { CloseIcon } from '../../components/icons';
import { showToast } from '../../components/toast/toast-store';
import { useReturnFocus } from '../../components/use-return-focus';
import { ko } from '../../i18n/ko';
import { formatDateTime, formatRelative } from '../../lib/dates';
import { CommentSection } from './comment-section';
import { postLoadMessage } from './post-load-error';
import { CommentIcon, EyeIcon, HeartIcon, PenIcon, TrashIcon } from './community-icons';
import { WriterAvatar } from './writer-avatar';

interface PostDetailDialogProps {
  postId: number | null;
  me: number | null;
  onClose: () => void;
}

export function PostDetailDialog({ postId, me, onClose }: PostDetailDialogProps) {
  const post = usePost(postId);
  const view = useViewPost();
  const counted = useRef<number | null>(null);
  const returnFocus = useReturnFocus(postId !== null);
  const t = ko.community;

  useEffect(() => {
    // Once per opening (StrictMode runs effects twice in development; the server dedupes per day anyway).
    if (postId === null || counted.current === postId) return;
    counted.current = postId;
    view.mutate(postId);
  }, [postId, view]);
  useEffect(() => {
    if (postId === null) counted.current = null;
  }, [postId]);

  return (
    <Dialog.Root open={postId !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog post-dialog" aria-describedby={undefined} onCloseAutoFocus={returnFocus}>
          {post.data ? (
            <PostDetail post={post.data} me={me} onDeleted={onClose} />
          ) : (
            <>
              <Dialog.Title className="visually-hidden">{t.detailLabel}</Dialog.Title>
              {post.isError ? (
                <p className="notice notice--error" role="alert">
                  {postLoadMessage(post.error)}
                </p>
              ) : (
                <p className="community-state" role="status">
                  <span className="spinner" aria-hidden="true" /> {ko.common.loading}
                </p>
              )}
            </>
          )}
          <Dialog.Close className="icon-btn dialog__close" aria-label={ko.common.close}>
            <CloseIcon size={18} />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PostDetail({ post, me, onDeleted }: { post: CommunityPost; me: number | null; onDeleted: () => void }) {
  const liked = useLikeStatus(post.id);
  const toggle = useToggleLike();
  const remove = useDeletePost();
  const [confirming, setConfirming] = useState(false);
  const client = useQueryClient();
  const mine = post.writerId === me;
  const t = ko.community;
  // A blocked writer's posts and comments leave the community for me: the lists load again.
  const afterBlock = (memberId: number) => {
    void client.invalidateQueries({ queryKey: ['community'] });
    if (memberId === post.writerId) onDeleted();
  };

  const like = () => {
    if (toggle.isPending) return;
    toggle.mutate(post.id, { onError: () => showToast(t.likeFailed, 'error') });
  };
  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(post.id);
      showToast(t.deleted, 'success');
      onDeleted();
    } catch {
      showToast(t.deleteFailed, 'error');
    }
  };

  return (
    <article className="post-detail">
      <header className="post-detail__head">
        <WriterAvatar url={post.writerProfileImageUrl} name={post.writerName} size={44} />
        <div className="post-card__meta">
          <span className="post-card__writer">{mine ? `${post.writerName} (${t.me})` : post.writerName}</span>
          <time className="post-card__time" dateTime={post.createdAt} title={formatDateTime(post.createdAt)}>
            {formatRelative(post.createdAt)}
          </time>
        </div>
        <span className="tag">{POST_CATEGORY_LABELS[post.category]}</span>
        {mine || me === null ? null : (
          <MemberMenu
            target={{ memberId: post.writerId, name: post.writerName, imageUrl: post.writerProfileImageUrl }}
            label={t.postMenu(post.writerName)}
            onBlocked={afterBlock}
          />
        )}
      </header>
      <Dialog.Title className="post-detail__title">{post.title}</Dialog.Title>
      {post.imageUrl ? <img className="post-detail__image" src={post.imageUrl} alt={t.postImage} /> : null}
      <p className="post-detail__content">{post.content}</p>
      <div className="post-detail__actions">
        <button
          type="button"
          className={liked.data ? 'like-btn like-btn--on' : 'like-btn'}
          aria-pressed={liked.data ?? false}
          aria-label={`${t.like} ${post.likes}`}
          onClick={like}
          disabled={liked.isPending}
        >
          <HeartIcon filled={liked.data ?? false} />
          <span aria-hidden="true">{post.likes}</span>
        </button>
        <p className="post-counts">
          <span className="visually-hidden">{t.countsLabel(post.likes, post.commentsCount, post.views)}</span>
          <span aria-hidden="true">
            <CommentIcon size={16} /> {post.commentsCount}
          </span>
          <span aria-hidden="true">
            <EyeIcon size={16} /> {post.views}
          </span>
        </p>
        {mine ? (
          <span className="post-detail__owner">
            <Link className="btn btn--ghost" to={`/community/edit/${post.id}`}>
              <PenIcon size={16} /> {t.edit}
            </Link>
            <button type="button" className="btn btn--ghost" onClick={() => setConfirming(true)}>
              <TrashIcon size={16} /> {t.remove}
            </button>
          </span>
        ) : null}
      </div>
      <CommentSection postId={post.id} me={me} onBlocked={afterBlock} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.confirmPostTitle}
        description={t.confirmPostBody}
        confirmLabel={t.confirmRemove}
        onConfirm={confirmDelete}
      />
    </article>
  );
}
