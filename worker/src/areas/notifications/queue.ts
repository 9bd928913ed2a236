// Messages on the `notif` queue (wrangler.toml). The request path only writes a row and sends one
// of these; everything that may be slow (live frame, Web Push, a notice to every member) runs in
// the consumer (consumer.ts).
import { CALL_ID_PATTERN } from '../../contract/calls';
import { CALL_KINDS, type CallKind } from '../../contract/voice';
import type { Env } from '../../lib/env';

export type NotifMessage =
  /** Announce one notification: live bell frame once, then push if the member's settings allow. */
  | { type: 'deliver'; notificationId: number; subscriptionIds?: number[]; retries?: number }
  /** Write a notice's notification for the next batch of members after `afterMemberId`. */
  | { type: 'notice'; noticeId: number; afterMemberId: number }
  /** 오늘의 인연 (docs/today.md): prepare the sets of `day` for the next batch of members after `afterMemberId`, on the clock `at`. */
  | { type: 'today'; day: string; at: string; afterMemberId: number }
  /**
   * A call rings (docs/voice.md "Ringing on any screen"): push it to the callee's devices while it
   * still rings. No row: `caller` is the nickname the callee's room list shows (chat/ring.ts read it).
   */
  | {
      type: 'ring';
      roomId: number;
      callId: string;
      kind: CallKind;
      calleeId: number;
      caller: string;
      expiresAt: string;
    };

export async function enqueue(env: Env, message: NotifMessage, delaySeconds?: number): Promise<void> {
  await env.NOTIF_QUEUE.send(message, { contentType: 'json', ...(delaySeconds ? { delaySeconds } : {}) });
}

/** Queues accept at most 100 messages per sendBatch call. */
export async function enqueueMany(env: Env, messages: NotifMessage[]): Promise<void> {
  for (let i = 0; i < messages.length; i += 100) {
    await env.NOTIF_QUEUE.sendBatch(messages.slice(i, i + 100).map((body) => ({ body, contentType: 'json' as const })));
  }
}

/** What a message looks like after JSON: anything else is dropped by the consumer. */
export function readMessage(body: unknown): NotifMessage | null {
  if (typeof body !== 'object' || body === null) return null;
  const m = body as Record<string, unknown>;
  const id = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
  if (m.type === 'deliver' && id(m.notificationId)) {
    const subscriptionIds = Array.isArray(m.subscriptionIds) ? m.subscriptionIds.filter(id) : undefined;
    return {
      type: 'deliver',
      notificationId: m.notificationId,
      subscriptionIds,
      retries: id(m.retries) ? m.retries : 0,
    };
  }
  if (m.type === 'notice' && id(m.noticeId) && id(m.afterMemberId)) {
    return { type: 'notice', noticeId: m.noticeId, afterMemberId: m.afterMemberId };
  }
  if (
    m.type === 'today' &&
    typeof m.day === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(m.day) &&
    typeof m.at === 'string' &&
    !Number.isNaN(Date.parse(m.at)) &&
    id(m.afterMemberId)
  ) {
    return { type: 'today', day: m.day, at: m.at, afterMemberId: m.afterMemberId };
  }
  if (
    m.type === 'ring' &&
    id(m.roomId) &&
    typeof m.callId === 'string' &&
    CALL_ID_PATTERN.test(m.callId) &&
    (CALL_KINDS as readonly unknown[]).includes(m.kind) &&
    id(m.calleeId) &&
    typeof m.caller === 'string' &&
    typeof m.expiresAt === 'string' &&
    !Number.isNaN(Date.parse(m.expiresAt))
  ) {
    const { roomId, callId, calleeId, caller, expiresAt } = m;
    return { type: 'ring', roomId, callId, kind: m.kind as CallKind, calleeId, caller, expiresAt };
  }
  return null;
}
