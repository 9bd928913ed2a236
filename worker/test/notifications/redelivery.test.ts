// Issue 21 §10: a notification whose queue message was lost (the runtime died between the row's
// write and its enqueue) is enqueued again by the Cron Trigger's sweep, within a bounded age; and
// delivery is idempotent per notification and device, so a retry after a push went out, or a row
// enqueued twice, never pushes the same event to a device twice.
import { createScheduledController, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../src/index';
import { writeNotification, type NewNotification } from '../../src/areas/notifications/repo';
import type { NotifMessage } from '../../src/areas/notifications/queue';
import { NOTIF_SWEEP_CRON } from '../../src/areas/notifications/sweep';
import { makeDb } from '../../src/lib/db';
import type { SignedInMember } from '../helpers/auth';
import { twoMembers } from '../helpers/chat';
import { call } from '../helpers/mypage';
import { consume, rowsOf } from '../helpers/notifications';
import { fakePushService, newReceiver, subscriptionJson } from '../helpers/push';

// 12:00 in Korea.
const NOON_KST = '2026-11-24T03:00:00.000Z';
const minutesBefore = (iso: string, minutes: number) => new Date(Date.parse(iso) - minutes * 60_000).toISOString();

async function withDevice(member: SignedInMember): Promise<void> {
  const receiver = await newReceiver();
  const endpoint = `https://fcm.googleapis.com/notif/${crypto.randomUUID()}`;
  const res = await call('/api/on/push/subscriptions', {
    method: 'POST',
    token: member.accessToken,
    json: subscriptionJson(receiver, endpoint),
  });
  if (res.status !== 200) throw new Error(`subscribe failed: ${res.status} ${await res.text()}`);
}

/** A row written as the request path writes it, its queue message never sent (the crash). */
async function strandedRow(to: SignedInMember, from: SignedInMember, at: string, o: Partial<NewNotification> = {}) {
  const written = await writeNotification(makeDb(env.DB), {
    memberId: to.memberId,
    kind: 'MESSAGE',
    groupKey: `room:${crypto.randomUUID()}`,
    actorId: from.memberId,
    text: '님이 메시지를 보냈어요: 안녕하세요',
    link: '/chatting/12',
    count: 1,
    at,
    collapse: true,
    ...o,
  });
  if (!written) throw new Error('not written');
  return written.id;
}

/** Runs the 5-minute Cron Trigger at `at`, answering what it enqueued (the queue is a stand-in). */
async function sweepAt(at: string): Promise<NotifMessage[]> {
  const sent: NotifMessage[] = [];
  const queue = {
    send: async (body: NotifMessage) => void sent.push(body),
    sendBatch: async (batch: { body: NotifMessage }[]) => void sent.push(...batch.map((m) => m.body)),
  };
  await worker.scheduled(createScheduledController({ scheduledTime: Date.parse(at), cron: NOTIF_SWEEP_CRON }), {
    ...env,
    FIXED_NOW: at,
    NOTIF_QUEUE: queue as unknown as Queue,
  });
  return sent;
}

const deliver = (notificationId: number): NotifMessage => ({ type: 'deliver', notificationId });
const ok = () => fakePushService(() => new Response(null, { status: 201 }));

describe('the sweep of undelivered notifications', () => {
  it('enqueues again a row whose queue message was lost, which is then announced and pushed once', async () => {
    const [me, friend] = await twoMembers();
    await withDevice(me);
    const lost = await strandedRow(me, friend, minutesBefore(NOON_KST, 5));
    // Not swept: too young (its own message is likely on its way), older than the bound, read, a notice.
    const young = await strandedRow(me, friend, minutesBefore(NOON_KST, 0.5));
    const old = await strandedRow(me, friend, minutesBefore(NOON_KST, 25 * 60));
    const read = await strandedRow(me, friend, minutesBefore(NOON_KST, 5));
    await env.DB.prepare('UPDATE notifications SET read_at = ? WHERE id = ?').bind(NOON_KST, read).run();
    const notice = await strandedRow(me, friend, minutesBefore(NOON_KST, 5), {
      kind: 'NOTICE',
      actorId: null,
      groupKey: 'notice:1',
    });

    const swept = await sweepAt(NOON_KST);
    expect(swept).toContainEqual(deliver(lost));
    for (const id of [young, old, read, notice]) expect(swept).not.toContainEqual(deliver(id));

    const service = ok();
    await consume(swept, { now: NOON_KST, deps: { fetcher: service.fetcher } });
    expect(service.received).toHaveLength(1);
    expect((await rowsOf(me.memberId)).find((r) => r.id === lost)?.delivered_at).not.toBeNull();
    // Announced now: the next run leaves it alone.
    expect(await sweepAt(minutesBefore(NOON_KST, -5))).not.toContainEqual(deliver(lost));
  });
});

describe('delivery per notification and device', () => {
  it('a retry after the push went out, or the row enqueued twice, pushes no device twice', async () => {
    const [me, friend] = await twoMembers();
    await withDevice(me);
    await withDevice(me);
    const id = await strandedRow(me, friend, NOON_KST);
    const service = ok();
    await consume([deliver(id)], { now: NOON_KST, deps: { fetcher: service.fetcher } });
    expect(service.received).toHaveLength(2);
    // The same message again after its push went out (its ack was lost: the queue redelivers it),
    // and a second message for the same row (the sweep, or a producer's retry).
    await consume([deliver(id)], { now: NOON_KST, attempts: 2, deps: { fetcher: service.fetcher } });
    await consume([deliver(id)], { now: NOON_KST, deps: { fetcher: service.fetcher } });
    expect(service.received).toHaveLength(2);
  });

  it('a device that got it is skipped when only another device is retried, and a new event is pushed again', async () => {
    const [me, friend] = await twoMembers();
    await withDevice(me);
    await withDevice(me);
    const group = `room:${crypto.randomUUID()}`;
    const id = await strandedRow(me, friend, NOON_KST, { groupKey: group });
    let calls = 0;
    // The first device's service accepts, the second asks to wait.
    const halfBusy = fakePushService(() =>
      ++calls === 1 ? new Response(null, { status: 201 }) : new Response('busy', { status: 503 }),
    );
    await consume([deliver(id)], { now: NOON_KST, deps: { fetcher: halfBusy.fetcher } });
    // The whole message retried (as a crash before the follow-up was sent would): only the second device.
    const service = ok();
    await consume([deliver(id)], { now: NOON_KST, attempts: 2, deps: { fetcher: service.fetcher } });
    expect(service.received).toHaveLength(1);

    // Read, then a new message in the room: the row is unread again, a new event for both devices.
    await env.DB.prepare('UPDATE notifications SET read_at = ? WHERE id = ?').bind(NOON_KST, id).run();
    const later = minutesBefore(NOON_KST, -1);
    expect(await strandedRow(me, friend, later, { groupKey: group })).toBe(id);
    await consume([deliver(id)], { now: later, deps: { fetcher: service.fetcher } });
    expect(service.received).toHaveLength(3);
  });
});
