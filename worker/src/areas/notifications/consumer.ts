// The `notif` queue's consumer: announces each notification once (live bell frame), pushes it when
// the member's settings allow (kind on, not in quiet hours on the Korean clock) with the kind's TTL
// and urgency, retries what push services asked to retry, and fans notices out in member batches.
import { NOTIFICATION_KIND_LABELS } from '../../contract/notifications';
import { iso, nowDate } from '../../lib/clock';
import { envDb } from '../../lib/db';
import type { Db, Env } from '../../lib/env';
import { backoffSeconds } from '../push/send';
import { newPushBatch, sendToMember, type PushBatch } from '../push/service';
import { claimDelivery, findForDelivery, findLiveNotice, recordPushed, writeNoticeBatch } from './delivery-repo';
import { publishUnread } from './live';
import { PUSH_POLICY, topicOf } from './push-policy';
import { enqueue, enqueueMany, readMessage, type NotifMessage } from './queue';
import { countUnread } from './repo';
import { inQuietHours, settingsFromRow } from './settings';
import { LINKS, SERVICE_TEXT } from './texts';
import { prepareTodayBatch } from '../today/service';
import { chatRoomStub } from '../chat/stubs';
import { findSettings } from './settings-repo';
import { AFTER_NAME } from './texts';

export const NOTIF_QUEUE_NAME = 'notif';
/** Members per notice fan-out message: one INSERT … SELECT each. */
export const NOTICE_BATCH = 500;
/** Push attempts per notification before giving up (the row stays in the list). */
export const MAX_PUSH_TRIES = 8;

export type ConsumerDeps = {
  send: typeof sendToMember;
  /** Tests: the push services' stand-in, handed to the sender. */
  fetcher?: typeof fetch;
};

type Deliver = Extract<NotifMessage, { type: 'deliver' }>;
type Notice = Extract<NotifMessage, { type: 'notice' }>;
type Ring = Extract<NotifMessage, { type: 'ring' }>;

/** A ring with less than this left is not pushed: it would stop ringing before anyone could tap it. */
export const RING_PUSH_MIN_LEFT_MS = 3_000;

export async function consumeNotifBatch(
  batch: MessageBatch<unknown>,
  env: Env,
  deps: ConsumerDeps = { send: sendToMember },
): Promise<void> {
  const db = envDb(env);
  // One device's pushes in this batch go in turn, so a 404/410 stops the rest at once.
  const pushBatch = newPushBatch();
  await Promise.all(
    batch.messages.map(async (msg) => {
      const message = readMessage(msg.body);
      if (!message) {
        console.warn(JSON.stringify({ level: 'warn', where: 'notif-queue', message: 'unreadable message dropped' }));
        return msg.ack();
      }
      try {
        const retryIn =
          message.type === 'deliver'
            ? await deliver(env, db, message, msg.attempts, deps, pushBatch)
            : message.type === 'notice'
              ? await fanOutNotice(env, db, message)
              : message.type === 'ring'
                ? await pushRing(env, db, message, deps, pushBatch)
                : await prepareTodayBatch(env, message);
        if (retryIn === null) msg.ack();
        else msg.retry({ delaySeconds: retryIn });
      } catch (err) {
        console.error(
          JSON.stringify({ level: 'error', where: 'notif-queue', type: message.type, message: String(err) }),
        );
        msg.retry({ delaySeconds: backoffSeconds(msg.attempts - 1) });
      }
    }),
  );
}

/** Null: done (ack). A number: try this message again after that many seconds. */
async function deliver(
  env: Env,
  db: Db,
  m: Deliver,
  attempts: number,
  deps: ConsumerDeps,
  batch: PushBatch,
): Promise<number | null> {
  const now = nowDate(env);
  const at = iso(now);
  const row = await findForDelivery(db, m.notificationId, at);
  if (!row) return null; // gone, or its actor is hidden now
  const firstTry = attempts <= 1 && m.subscriptionIds === undefined;
  if (await claimDelivery(db, row.id, at)) {
    await publishUnread(env, row.memberId, await countUnread(db, row.memberId, now));
  } else if (firstTry) {
    return null; // another message already announced (and pushed) this row
  }

  if (row.readAt !== null) return null;
  const settings = settingsFromRow(row.settings);
  if (!settings.push[row.kind] || inQuietHours(settings.quietHours, now)) return null;
  const policy = PUSH_POLICY[row.kind];
  const ttl = Math.floor(policy.ttlSeconds - (now.getTime() - Date.parse(row.updatedAt)) / 1000);
  if (ttl <= 0) return null; // too late to be worth a push

  const tries = (m.retries ?? 0) + attempts;
  const tag = topicOf(row.groupKey);
  const result = await deps.send(
    env,
    db,
    row.memberId,
    { title: NOTIFICATION_KIND_LABELS[row.kind], body: row.text, link: row.link, tag },
    {
      ttl,
      urgency: policy.urgency,
      topic: policy.replaces ? tag : undefined,
      retries: tries - 1,
      subscriptionIds: m.subscriptionIds,
      // Devices that already got this event (a retry after a push went out, a swept row): skipped.
      exclude: row.pushedTo,
      onDelivered: async (ids) => {
        try {
          await recordPushed(db, row.id, ids, row.updatedAt);
        } catch (err) {
          // Not worth a retry: that would push again to the devices that just got it.
          console.error(
            JSON.stringify({ level: 'error', where: 'notif-pushed', notificationId: row.id, message: String(err) }),
          );
        }
      },
      fetcher: deps.fetcher,
      batch,
    },
  );
  const again = result.retrySubscriptionIds ?? [];
  if (result.retryAfterSeconds === undefined || again.length === 0) return null;
  if (tries >= MAX_PUSH_TRIES) {
    console.warn(JSON.stringify({ level: 'warn', where: 'notif-push', notificationId: row.id, message: 'gave up' }));
    return null;
  }
  // Every device asked to wait: the same message again. Some got it: only the others, later.
  if (result.delivered === 0 && result.dropped === 0) return result.retryAfterSeconds;
  await enqueue(
    env,
    { type: 'deliver', notificationId: row.id, subscriptionIds: again, retries: tries },
    result.retryAfterSeconds,
  );
  return null;
}

/**
 * 걸려 온 통화 (docs/voice.md "Ringing on any screen"): '○○님이 음성 통화를 걸었어요' to the callee's
 * devices, only while the call still rings (the room is asked) and their settings allow it (the CALL
 * kind on, not quiet time), with what is left of the ring as TTL. The tag is the room's (`room-{id}`,
 * the 새 메시지 push's), so the 부재중 line's push, when it is announced, replaces the ring on the device;
 * no Topic (the TTL drops an undelivered ring; the room's topic would drop an undelivered message at the
 * push service). Never retried (a retry would come after the ring); nothing is stored.
 */
async function pushRing(env: Env, db: Db, m: Ring, deps: ConsumerDeps, batch: PushBatch): Promise<null> {
  // The room's clock (Date.now) set `expiresAt`; quiet hours follow the Korean clock of the rules.
  const leftMs = Date.parse(m.expiresAt) - Date.now();
  if (leftMs < RING_PUSH_MIN_LEFT_MS) return null;
  const now = nowDate(env);
  const settings = settingsFromRow(await findSettings(db, m.calleeId));
  if (!settings.push.CALL || inQuietHours(settings.quietHours, now)) return null;
  if (!(await chatRoomStub(env, m.roomId).ringsFor(m.calleeId, m.callId))) return null;
  const tag = topicOf(`room:${m.roomId}`);
  const policy = PUSH_POLICY.CALL;
  await deps.send(
    env,
    db,
    m.calleeId,
    {
      title: NOTIFICATION_KIND_LABELS.CALL,
      body: m.caller + AFTER_NAME.callRinging(m.kind),
      link: LINKS.room(m.roomId),
      tag,
    },
    {
      ttl: Math.min(policy.ttlSeconds, Math.floor(leftMs / 1000)),
      urgency: policy.urgency,
      topic: policy.replaces ? tag : undefined,
      fetcher: deps.fetcher,
      batch,
    },
  );
  return null;
}

/** One batch of members gets the notice's row; the next batch and the pushes go back on the queue. */
async function fanOutNotice(env: Env, db: Db, m: Notice): Promise<null> {
  const notice = await findLiveNotice(db, m.noticeId);
  if (!notice) return null; // deleted meanwhile: the rest of the members never get it
  const { lastMemberId, toAnnounce } = await writeNoticeBatch(db, {
    notice,
    text: SERVICE_TEXT.notice(notice.title),
    link: LINKS.notice(notice.id),
    after: m.afterMemberId,
    batch: NOTICE_BATCH,
    now: iso(nowDate(env)),
  });
  const next: NotifMessage[] = toAnnounce.map((id) => ({ type: 'deliver', notificationId: id }));
  if (lastMemberId !== null) next.push({ type: 'notice', noticeId: notice.id, afterMemberId: lastMemberId });
  await enqueueMany(env, next);
  return null;
}
