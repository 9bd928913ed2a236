// Sender nudges (docs/safety.md "Nudges"): the SPA records what the sender did when asked
// '정말 보낼까요?' (수정하기 → EDITED, 보내기 → SENT), so the desk can show how often senders
// change their mind. Nothing about the draft's text is stored.
import { SAFETY_NUDGE_LIMIT, type SafetyNudgeBody } from '../../contract/safety/nudges';
import { iso } from '../../lib/clock';
import type { Db } from '../../lib/env';
import { hit } from '../../lib/rate-limit';
import { insertNudge } from './repo';

export async function recordNudge(db: Db, memberId: number, body: SafetyNudgeBody, now: Date): Promise<void> {
  await hit(db, `safety-nudge:${memberId}`, SAFETY_NUDGE_LIMIT, now);
  await insertNudge(db, memberId, body, iso(now));
}
