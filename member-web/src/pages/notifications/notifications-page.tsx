// '/notifications' (docs/notifications.md "Notification center"): the member's notifications of the last 30 days, newest first,
// grouped by day (오늘, 어제, dates), loaded page by page as the list scrolls. An entry opens its
// target and is marked read; 모두 읽음 reads them all. Unread entries carry a dot, a border and
// the word 안 읽음, not colour alone.
import '../../styles/notifications.css';
import { NOTIFICATION_KIND_LABELS, type NotificationItem } from '@contract/notifications';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { useMarkNotificationsRead, useNotificationList, useUnreadNotifications } from '../../api/notifications';
import { showToast } from '../../components/toast/toast-store';
import { notificationsKo } from '../../i18n/ko-notifications';
import { ko } from '../../i18n/ko';
import { formatDateTime, formatRelative } from '../../lib/dates';
import { useLoadMore } from '../mypage/use-load-more';
import { groupByDay } from './group-by-day';

function Entry({ item, onOpen }: { item: NotificationItem; onOpen: (item: NotificationItem) => void }) {
  const t = notificationsKo;
  const unread = !item.read;
  return (
    <li>
      <Link
        to={item.link}
        className={`notif-item${unread ? ' is-unread' : ''}`}
        onClick={() => onOpen(item)}
        data-testid="notification"
      >
        <span className="notif-item__dot" aria-hidden="true" />
        <span className="notif-item__body">
          <span className="notif-item__kind">{NOTIFICATION_KIND_LABELS[item.kind] ?? t.title}</span>
          <span className="notif-item__text">{item.text}</span>
          <span className="notif-item__meta">
            <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
              {formatRelative(item.createdAt)}
            </time>
            {unread ? <span className="notif-item__unread">{t.unread}</span> : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

export function NotificationsPage() {
  const t = notificationsKo;
  const list = useNotificationList();
  const unreadCount = useUnreadNotifications().data?.count ?? 0;
  const markRead = useMarkNotificationsRead();
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.content) ?? [], [list.data]);
  const groups = useMemo(() => groupByDay(items, new Date()), [items]);
  const canLoadMore = list.hasNextPage && !list.isFetchingNextPage;
  const sentinel = useLoadMore(() => {
    if (canLoadMore) void list.fetchNextPage();
  }, Boolean(canLoadMore));
  const anyUnread = unreadCount > 0 || items.some((n) => !n.read);

  const open = (item: NotificationItem) => {
    if (!item.read) markRead.mutate({ ids: [item.id] });
  };

  const readAll = () =>
    markRead.mutate(
      { all: true },
      {
        onSuccess: () => showToast(t.readAllDone, 'success'),
        onError: () => showToast(t.readAllFailed, 'error'),
      },
    );

  let body;
  if (list.isPending) {
    body = (
      <p className="muted" role="status">
        {ko.common.loading}
      </p>
    );
  } else if (list.isError) {
    body = (
      <div className="notice notice--error" role="alert">
        <p>{t.loadFailed}</p>
        <p className="muted">{errorMessage(list.error)}</p>
        <button type="button" className="btn btn--secondary" onClick={() => void list.refetch()}>
          {t.retry}
        </button>
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <div className="card notif-empty">
        <h2 className="notif-empty__title">{t.empty}</h2>
        <p className="muted">{t.emptyHint}</p>
      </div>
    );
  } else {
    body = (
      <>
        {groups.map((group) => (
          <section key={group.day} className="notif-day" aria-labelledby={`notif-day-${group.day}`}>
            <h2 id={`notif-day-${group.day}`} className="notif-day__title">
              {group.label}
            </h2>
            <ul className="notif-list">
              {group.items.map((item) => (
                <Entry key={item.id} item={item} onOpen={open} />
              ))}
            </ul>
          </section>
        ))}
        <div ref={sentinel} className="notif-more">
          {list.hasNextPage ? (
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
            >
              {list.isFetchingNextPage ? t.loadingMore : t.loadMore}
            </button>
          ) : (
            <p className="muted">{t.end}</p>
          )}
        </div>
      </>
    );
  }

  return (
    <div className="page notif-page">
      <div className="container container--narrow">
        <div className="notif-page__head">
          <div>
            <h1 className="page-title">{t.title}</h1>
            <p className="page-lead">{t.lead}</p>
            <p className="muted notif-page__keep">
              {t.keepNote} <Link to="/mypage?tab=notifications">{t.settingsLink}</Link>
            </p>
          </div>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={readAll}
            disabled={!anyUnread || markRead.isPending}
          >
            {t.readAll}
          </button>
        </div>
        {body}
      </div>
    </div>
  );
}
