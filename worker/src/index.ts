import { buildApp } from './app';
import { expireChatRequests } from './areas/chat-requests/service';
import { openTokenSocket, tokenSocketOf } from './areas/chat/socket-entry';
import { purgeVerifications } from './areas/identity/service';
import { trainRecommender } from './areas/matching/model/job';
import { NOTIF_QUEUE_NAME, consumeNotifBatch } from './areas/notifications/consumer';
import { deleteOldNotifications } from './areas/notifications/retention';
import { NOTIF_SWEEP_CRON, redeliverStranded } from './areas/notifications/sweep';
import { closeMinorsRooms } from './areas/visibility/minors-job';
import { deleteOldSelfies } from './areas/photo-verification/service';
import { startToday } from './areas/today/service';
import { TODAY_LIMITS } from './contract/today-core';
import { nowDate } from './lib/clock';
import { envDb } from './lib/db';
import type { Env } from './lib/env';

export { ChatRoom } from './areas/chat/chat-room';
export { MemberChannel } from './areas/live/member-channel';

const app = buildApp();

export default {
  /** Sockets opened with the access token first (ADR 0014: socket-entry.ts), everything else by the app. */
  async fetch(request, env, ctx) {
    const socket = tokenSocketOf(request);
    const opened = socket ? await openTokenSocket(request, env, socket) : null;
    return opened ?? app.fetch(request, env, ctx);
  },
  /** Queue consumers of this Worker (wrangler.toml [[queues.consumers]]). */
  async queue(batch, env) {
    if (batch.queue === NOTIF_QUEUE_NAME) await consumeNotifBatch(batch, env);
    else batch.retryAll();
  },
  /**
   * Cron Triggers (wrangler.toml [triggers]): every 5 minutes the sweep of notifications whose queue
   * message was lost; at 12:30 KST 오늘의 인연; daily the clean-ups and the recommender's training.
   */
  async scheduled(controller, env) {
    if (controller.cron === NOTIF_SWEEP_CRON) {
      await redeliverStranded(env, envDb(env), nowDate(env));
      return;
    }
    if (controller.cron === TODAY_LIMITS.cron) {
      // 오늘의 인연 at 12:30 KST (docs/today.md "Schedule"): the first batch now, the rest on the queue.
      await startToday(env, nowDate(env));
      return;
    }
    await deleteOldNotifications(envDb(env), nowDate(env));
    // 본인확인 records past the rejoin cooling-off (docs/trust.md, Identity).
    await purgeVerifications(envDb(env), nowDate(env));
    // Pose selfies (사진 인증) leave R2 30 days after the operator's decision.
    await deleteOldSelfies(env, envDb(env), nowDate(env));
    // Chat requests unanswered for 7 days become EXPIRED; their requesters are notified.
    await expireChatRequests({ env, db: envDb(env), now: nowDate(env) });
    // Adults only (docs/trust.md "Adults only"): members under 19 have their open rooms closed once (minor_closed_at).
    await closeMinorsRooms(env, envDb(env), nowDate(env));
    // The learned recommender (docs/matching.md): retrain the member vectors from behaviour.
    await trainRecommender(envDb(env), nowDate(env));
  },
} satisfies ExportedHandler<Env>;
