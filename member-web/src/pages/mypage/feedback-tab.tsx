// 내 피드백: my own items (title cut at 8 words, content at 24), edit in the dialog, delete with confirmation.
import { useState } from 'react';
import { LIMITS } from '@contract/limits';
import { useDeleteFeedback, useMyFeedback, type FeedbackItem } from '../../api/feedback';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FeedbackDialog } from '../../components/feedback-dialog/feedback-dialog';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';
import { formatDateTime } from '../../lib/dates';
import { TabEmpty, TabFailure, TabLoading } from './tab-state';
import { truncateWords } from './truncate-words';

export function FeedbackTab() {
  const feedback = useMyFeedback();
  const remove = useDeleteFeedback();
  const [dialog, setDialog] = useState<{ open: boolean; editing: FeedbackItem | null }>({ open: false, editing: null });
  const [deleting, setDeleting] = useState<FeedbackItem | null>(null);
  const t = ko.mypage.feedback;

  const confirmDelete = async (item: FeedbackItem) => {
    try {
      await remove.mutateAsync(item.id);
      showToast(ko.feedback.deleted, 'success');
    } catch {
      showToast(ko.feedback.deleteFailed, 'error');
    }
  };

  let body;
  if (feedback.isPending) body = <TabLoading />;
  else if (feedback.isError) {
    body = <TabFailure error={feedback.error} message={t.loadFailed} onRetry={() => void feedback.refetch()} />;
  } else if (feedback.data.length === 0) body = <TabEmpty>{t.empty}</TabEmpty>;
  else {
    body = (
      <ul className="my-feedback">
        {feedback.data.map((item) => {
          const title = truncateWords(item.title, LIMITS.feedbackTitleWords);
          return (
            <li key={item.id} className="my-feedback__item">
              <div className="my-feedback__text">
                <h3 className="my-feedback__title" title={item.title}>
                  {title}
                </h3>
                <p className="my-feedback__content">{truncateWords(item.content, LIMITS.feedbackContentWords)}</p>
                <p className="field__hint">
                  <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                </p>
              </div>
              <div className="my-feedback__actions">
                <button
                  type="button"
                  className="btn btn--secondary"
                  onClick={() => setDialog({ open: true, editing: item })}
                  aria-label={t.editLabel(title)}
                >
                  {t.edit}
                </button>
                <button
                  type="button"
                  className="btn btn--ghost"
                  onClick={() => setDeleting(item)}
                  aria-label={t.removeLabel(title)}
                >
                  {t.remove}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div>
      <div className="mypage__tab-head">
        <p className="muted">{t.lead}</p>
        <button type="button" className="btn btn--primary" onClick={() => setDialog({ open: true, editing: null })}>
          {t.write}
        </button>
      </div>
      {body}
      <FeedbackDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        editing={dialog.editing}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t.confirmTitle}
        description={t.confirmBody}
        confirmLabel={t.confirmLabel}
        onConfirm={() => (deleting ? confirmDelete(deleting) : undefined)}
      />
    </div>
  );
}
