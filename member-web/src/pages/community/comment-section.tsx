// Comments under a post: oldest first (newest at the bottom), mine shown as '나' with delete
// (after confirmation), others' with 신고하기 / 차단하기 (⋮), and the input that sends on Enter.
import { useId, useState } from 'react';
import type { CommunityComment } from '@contract/community';
import { COMMUNITY_LIMITS } from '@contract/community';
import { ApiError } from '../../api/client';
import { useAddComment, useComments, useDeleteComment } from '../../api/community';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { MemberMenu } from '../../components/member-actions/member-menu';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';
import { formatRelative } from '../../lib/dates';
import { checkComment, isSendKey } from './comment-rules';
import { TrashIcon } from './community-icons';
import { WriterAvatar } from './writer-avatar';

export function CommentSection(props: { postId: number; me: number | null; onBlocked?: (memberId: number) => void }) {
  const { postId, me } = props;
  const comments = useComments(postId);
  const add = useAddComment(postId);
  const remove = useDeleteComment(postId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const [pending, setPending] = useState<CommunityComment | null>(null);
  const t = ko.community;
  const list = comments.data ?? [];

  const send = async () => {
    if (add.isPending) return;
    const checked = checkComment(text);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(null);
    try {
      await add.mutateAsync(checked.content);
      setText('');
    } catch (err) {
      // A refusal of the text itself (400, e.g. a contact handle) shows at the input in the
      // server's words; the text stays for the member to change.
      if (err instanceof ApiError && err.status === 400 && err.message) setError(err.message);
      else showToast(t.commentFailed, 'error');
    }
  };

  const confirmDelete = async () => {
    if (!pending) return;
    try {
      await remove.mutateAsync(pending.id);
      showToast(t.commentDeleted, 'success');
    } catch {
      showToast(t.commentDeleteFailed, 'error');
    }
  };

  return (
    <section className="comments" aria-labelledby={`comments-${postId}`}>
      <h3 id={`comments-${postId}`} className="comments__title">
        {t.commentsTitle(list.length)}
      </h3>
      {comments.isError ? <p className="field__error">{t.commentsLoadFailed}</p> : null}
      {comments.isSuccess && list.length === 0 ? <p className="comments__empty">{t.commentsEmpty}</p> : null}
      <ul className="comments__list">
        {list.map((c) => {
          const mine = c.writerId === me;
          return (
            <li key={c.id} className="comment">
              <WriterAvatar url={c.writerProfileImageUrl} name={c.writerName} size={32} />
              <div className="comment__body">
                <p className="comment__meta">
                  <span className={mine ? 'comment__writer comment__writer--me' : 'comment__writer'}>
                    {mine ? t.me : c.writerName}
                  </span>
                  <time dateTime={c.createdAt}>{formatRelative(c.createdAt)}</time>
                </p>
                <p className="comment__content">{c.content}</p>
              </div>
              {mine ? (
                <button
                  type="button"
                  className="icon-btn comment__delete"
                  aria-label={t.removeCommentLabel}
                  onClick={() => setPending(c)}
                >
                  <TrashIcon size={16} />
                </button>
              ) : me === null ? null : (
                <MemberMenu
                  target={{ memberId: c.writerId, name: c.writerName, imageUrl: c.writerProfileImageUrl }}
                  label={t.commentMenu(c.writerName)}
                  onBlocked={props.onBlocked}
                />
              )}
            </li>
          );
        })}
      </ul>
      <form
        className="comment-form"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <input
          className="input comment-form__input"
          aria-label={t.commentLabel}
          placeholder={t.commentPlaceholder}
          value={text}
          maxLength={COMMUNITY_LIMITS.commentMax * 16}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            // The form would submit on its own; we decide, so composition never sends.
            e.preventDefault();
            if (isSendKey(e)) void send();
          }}
        />
        <button type="submit" className="btn btn--primary" disabled={add.isPending || text.trim() === ''}>
          {t.commentSubmit}
        </button>
      </form>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t.confirmCommentTitle}
        confirmLabel={t.confirmRemove}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
