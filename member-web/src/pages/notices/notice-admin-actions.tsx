// Edit and delete of a notice, shown only to admins (GET /admin/check says isAdmin).
import { Suspense, lazy, useState } from 'react';
import { adminNoticeEditUrl, useDeleteNotice, useIsAdmin } from '../../api/notices';
import { showToast } from '../../components/toast/toast-store';
import { useOpenedOnce } from '../../lib/idle';
import { ko } from '../../i18n/ko';

// The confirmation (and the dialog library it brings) loads when an admin first asks to delete: a
// visitor's notices page carries none of it.
const ConfirmDialog = lazy(() => import('../../components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

export function NoticeAdminActions({ id, title, onDeleted }: { id: number; title: string; onDeleted?: () => void }) {
  const isAdmin = useIsAdmin();
  const remove = useDeleteNotice();
  const [asking, setAsking] = useState(false);
  const asked = useOpenedOnce(asking);
  const t = ko.notices;
  if (isAdmin.data !== true) return null;

  const confirm = async () => {
    try {
      await remove.mutateAsync(id);
    } catch {
      showToast(t.deleteFailed, 'error');
      return;
    }
    showToast(t.deleted, 'success');
    onDeleted?.();
  };

  return (
    <div className="notice-admin">
      <a className="btn btn--secondary" href={adminNoticeEditUrl(id)} aria-label={t.editLabel(title)}>
        {t.edit}
      </a>
      <button
        type="button"
        className="btn btn--ghost"
        onClick={() => setAsking(true)}
        aria-label={t.removeLabel(title)}
      >
        {t.remove}
      </button>
      {asked ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={asking}
            onOpenChange={setAsking}
            title={t.confirmTitle}
            description={t.confirmBody}
            confirmLabel={t.confirmLabel}
            onConfirm={confirm}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
