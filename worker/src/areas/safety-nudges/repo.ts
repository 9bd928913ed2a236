// D1 side of the sender nudges (docs/safety.md "Nudges"): one row per answer to '정말 보낼까요?'.
import { kindsToText } from '../../contract/safety/chat';
import type { SafetyNudgeBody } from '../../contract/safety/nudges';
import { safetyNudges } from '../../db/schema';
import type { Db } from '../../lib/env';

export async function insertNudge(db: Db, memberId: number, n: SafetyNudgeBody, at: string): Promise<void> {
  await db
    .insert(safetyNudges)
    .values({ memberId, context: n.context, kinds: kindsToText(n.kinds), outcome: n.outcome, createdAt: at });
}
