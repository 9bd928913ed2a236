// 차단 목록: the members I blocked, each with 차단 해제.
import { useBlocks, useUnblockMember } from '../../api/profiles';
import { UserIcon } from '../../components/icons';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';
import { formatDate } from '../../lib/dates';
import { TabEmpty, TabFailure, TabLoading } from './tab-state';

export function BlocksTab() {
  const blocks = useBlocks();
  const unblock = useUnblockMember();
  const t = ko.mypage.blocks;

  if (blocks.isPending) return <TabLoading />;
  if (blocks.isError) {
    return <TabFailure error={blocks.error} message={t.loadFailed} onRetry={() => void blocks.refetch()} />;
  }
  if (blocks.data.length === 0) return <TabEmpty>{t.empty}</TabEmpty>;

  const release = async (memberId: number) => {
    try {
      await unblock.mutateAsync(memberId);
      showToast(t.unblocked, 'success');
    } catch {
      showToast(t.unblockFailed, 'error');
    }
  };

  return (
    <div>
      <p className="muted">{t.lead}</p>
      <ul className="history-list">
        {blocks.data.map((b) => (
          <li key={b.memberId} className="history-item">
            {b.mainImageUrl ? (
              <img src={b.mainImageUrl} alt="" className="history-item__avatar" loading="lazy" />
            ) : (
              <span className="history-item__avatar history-item__avatar--empty">
                <UserIcon size={20} />
              </span>
            )}
            <div className="history-item__body">
              <p className="history-item__title">
                <strong>{b.name}</strong>
              </p>
              {b.blockedAt ? <p className="history-item__dates">{t.blockedAt(formatDate(b.blockedAt))}</p> : null}
            </div>
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => void release(b.memberId)}
              disabled={unblock.isPending && unblock.variables === b.memberId}
              aria-label={t.unblockLabel(b.name)}
            >
              {t.unblock}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
