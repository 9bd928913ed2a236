// Block endpoints (api-extensions "matching (blocks)"). Member bearer only.
import { Hono } from 'hono';
import { z } from 'zod';
import type { BlockResult, BlockedMember } from '../../contract/matching';
import type { AppEnv } from '../../lib/env';
import { requireMember } from '../members/member-auth';
import { parseWith } from '../../lib/validation';
import { blockMember, myBlocks, unblockMember } from './service';
import { requestContext } from '../../lib/context';

export const blockRoutes = new Hono<AppEnv>();

const memberIdParam = z.object({ memberId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

blockRoutes.put('/api/on/block/:memberId', requireMember, async (c) => {
  const { memberId } = parseWith(memberIdParam, c.req.param());
  return c.json<BlockResult>(await blockMember(requestContext(c), c.get('memberId'), memberId));
});

blockRoutes.delete('/api/on/block/:memberId', requireMember, async (c) => {
  const { memberId } = parseWith(memberIdParam, c.req.param());
  return c.json<BlockResult>(await unblockMember(requestContext(c), c.get('memberId'), memberId));
});

blockRoutes.get('/api/on/blocks', requireMember, async (c) =>
  c.json<BlockedMember[]>(await myBlocks(requestContext(c), c.get('memberId'))),
);
