// Live notices to a member's open pages through their MemberChannel (member-channel.ts): new
// message summaries, requests, rooms opened/closed, the bell's count. Best effort: a notice that
// cannot be delivered must never fail the call that caused it (the page refetches when it reconnects).
import type { LiveServerFrame } from '../../contract/chat';
import type { Env } from '../../lib/env';
import { logFailure } from '../../lib/log';

/** The member's channel object: one per member id. */
export const memberChannelStub = (env: Env, memberId: number) => env.MEMBER_CHANNEL.getByName(`member:${memberId}`);

export async function publishToMember(env: Env, memberId: number, frame: LiveServerFrame): Promise<void> {
  try {
    await memberChannelStub(env, memberId).publish(frame);
  } catch (err) {
    logFailure('chat-live-publish', err);
  }
}
