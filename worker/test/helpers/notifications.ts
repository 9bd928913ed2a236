// Notification test helpers: the member's list / unread count through the API, rows straight from
// D1, the `notif` queue consumer run on a hand-made batch, and a bounded wait for async writes.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { consumeNotifBatch, type ConsumerDeps } from '../../src/areas/notifications/consumer';
import type { NotifMessage } from '../../src/areas/notifications/queue';
import { sendToMember } from '../../src/areas/push/service';
import type { NotificationItem, NotificationPage, UnreadCount } from '../../src/contract/notifications';
import type { SignedInMember } from './auth';
import { call } from './mypage';

export async function notificationPage(member: SignedInMember, cursor?: string): Promise<NotificationPage> {
  const query = cursor === undefined ? '' : `?cursor=${encodeURIComponent(cursor)}`;
  const res = await call(`/api/on/notifications${query}`, { token: member.accessToken });
  if (res.status !== 200) throw new Error(`notification list failed: ${res.status} ${await res.text()}`);
  return res.json<NotificationPage>();
}

export async function notificationsOf(member: SignedInMember): Promise<NotificationItem[]> {
  return (await notificationPage(member)).content;
}

export async function unreadOf(member: SignedInMember): Promise<number> {
  const res = await call('/api/on/notifications/unread-count', { token: member.accessToken });
  if (res.status !== 200) throw new Error(`unread count failed: ${res.status}`);
  return (await res.json<UnreadCount>()).count;
}

export type NotificationRow = {
  id: number;
  member_id: number;
  kind: string;
  group_key: string;
  actor_id: number | null;
  text: string;
  link: string;
  count: number;
  updated_at: string;
  read_at: string | null;
  delivered_at: string | null;
};

export async function rowsOf(memberId: number): Promise<NotificationRow[]> {
  const { results } = await env.DB.prepare('SELECT * FROM notifications WHERE member_id = ? ORDER BY id')
    .bind(memberId)
    .all<NotificationRow>();
  return results;
}

/** Re-reads until `check` holds (writes made off the request path: room alarms, the queue), at most `ms`. */
export async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > end) return value;
    await scheduler.wait(50);
  }
}

/** Runs the consumer on these messages (each attempt `attempts`), answering what it acked / retried. */
export async function consume(
  messages: NotifMessage[],
  o: { now?: string; attempts?: number; deps?: Partial<ConsumerDeps> } = {},
) {
  const batch = createMessageBatch<unknown>(
    'notif',
    messages.map((body, i) => ({
      id: `test-${crypto.randomUUID()}-${i}`,
      timestamp: new Date(),
      attempts: o.attempts ?? 1,
      body,
    })),
  );
  // The pool's result lists retried messages without their delay: record what was asked for.
  const delays: (number | undefined)[] = [];
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    message.retry = (options?: QueueRetryOptions) => {
      delays.push(options?.delaySeconds);
      retry(options);
    };
  }
  const ctx = createExecutionContext();
  await consumeNotifBatch(batch, o.now ? { ...env, FIXED_NOW: o.now } : env, { send: sendToMember, ...o.deps });
  return { ...(await getQueueResult(batch, ctx)), retryDelays: delays };
}
