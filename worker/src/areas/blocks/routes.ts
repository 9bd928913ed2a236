// Block endpoints (api-extensions "matching (blocks)"). Member bearer only.
import { Hono } from 'hono';
import { z } from 'zod';
import type { BlockResult, BlockedMember } from '../../contract/matching';
import { nowDate } from '../../lib/clock';
import type { AppEnv } from '../../lib/env';
import { requireMember } from '../../lib/member-auth';
import { parseWith } from '../../lib/validation';
import { blockMember, myBlocks, unblockMember, type BlockContext } from './service';

export const blockRoutes = new Hono<AppEnv>();

const memberIdParam = z.object({ memberId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

const contextOf = (c: { get: (k: 'db') => BlockContext['db']; env: AppEnv['Bindings'] }): BlockContext => ({
  env: c.env,
  db: c.get('db'),
  now: nowDate(c.env),
});

blockRoutes.put('/api/on/block/:memberId', requireMember, async (c) => {
  const { memberId } = parseWith(memberIdParam, c.req.param());
  return c.json<BlockResult>(await blockMember(contextOf(c), c.get('memberId'), memberId));
});

blockRoutes.delete('/api/on/block/:memberId', requireMember, async (c) => {
  const { memberId } = parseWith(memberIdParam, c.req.param());
  return c.json<BlockResult>(await unblockMember(contextOf(c), c.get('memberId'), memberId));
});

blockRoutes.get('/api/on/blocks', requireMember, async (c) =>
  c.json<BlockedMember[]>(await myBlocks(contextOf(c), c.get('memberId'))),
);
