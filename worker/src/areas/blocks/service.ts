// Blocking: either side's block hides the two from each other everywhere, removes hearts both
// ways, cancels pending chat requests and closes their chat rooms. Unblocking only lifts the block.
import { WITHDRAWN_MEMBER_NAME } from '../../contract/mypage';
import { MATCHING_KO, type BlockResult, type BlockedMember } from '../../contract/matching';
import { Invalid, NotFound } from '../../lib/errors';
import { closeRoomsBetween } from '../chat/rooms-api';
import { imageUrl } from '../media/service';
import { findMemberAuthState } from '../members/repo';
import { deleteBlock, insertBlock, listBlocksOf } from './repo';
import type { RequestContext } from '../../lib/context';

export async function blockMember(ctx: RequestContext, memberId: number, targetId: number): Promise<BlockResult> {
  if (targetId === memberId) throw new Invalid(MATCHING_KO.blockSelf, undefined, 'BLOCK_SELF');
  if (!(await findMemberAuthState(ctx.db, targetId)))
    throw new NotFound(MATCHING_KO.memberNotFound, 'MEMBER_NOT_FOUND');
  const at = ctx.now.toISOString();
  await insertBlock(ctx.db, memberId, targetId, at);
  await closeRoomsBetween(ctx.env, ctx.db, memberId, targetId, 'BLOCKED', at);
  return { memberId: targetId, blocked: true };
}

export async function unblockMember(ctx: RequestContext, memberId: number, targetId: number): Promise<BlockResult> {
  await deleteBlock(ctx.db, memberId, targetId);
  return { memberId: targetId, blocked: false };
}

export async function myBlocks(ctx: RequestContext, memberId: number): Promise<BlockedMember[]> {
  const rows = await listBlocksOf(ctx.db, memberId);
  return rows.map((r) => ({
    memberId: r.memberId,
    name: r.deletedAt ? WITHDRAWN_MEMBER_NAME : r.name,
    mainImageUrl: r.deletedAt || !r.mainImageKey ? null : imageUrl(r.mainImageKey),
    blockedAt: r.blockedAt,
  }));
}
