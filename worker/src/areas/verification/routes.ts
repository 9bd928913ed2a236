// GET /api/on/verification: the member's own verification state (identity and photo), never another's.
import { Hono } from 'hono';
import { and, eq, isNull } from 'drizzle-orm';
import type { VerificationState } from '../../contract/identity';
import { members } from '../../db/schema';
import type { AppEnv } from '../../lib/env';
import { requireMember } from '../../lib/member-auth';
import { memberGone } from '../members/service';
import { photoVerificationState } from './photo-state';

export const verificationRoutes = new Hono<AppEnv>();

verificationRoutes.get('/api/on/verification', requireMember, async (c) => {
  const db = c.get('db');
  const memberId = c.get('memberId');
  const [rows, photo] = await Promise.all([
    db
      .select({ at: members.identityVerifiedAt })
      .from(members)
      .where(and(eq(members.id, memberId), isNull(members.deletedAt)))
      .limit(1),
    photoVerificationState(db, memberId),
  ]);
  const row = rows[0];
  if (!row) throw memberGone();
  return c.json<VerificationState>({ identity: { verified: row.at !== null, verifiedAt: row.at }, photo });
});
