// The bell's live update: the member's live channel (MemberChannel) gets the unread count.
// Best effort, like every live notice: a page that missed it refetches the count.
import { publishToMember } from '../live/publish';
import type { Env } from '../../lib/env';

export async function publishUnread(env: Env, memberId: number, unread: number): Promise<void> {
  await publishToMember(env, memberId, { type: 'notification', unread });
}
