// The photo half of GET /api/on/verification. Photo verification (issue 20 §3) replaces this.
import type { PhotoVerificationState } from '../../contract/identity';
import type { Db } from '../../lib/env';

export async function photoVerificationState(_db: Db, _memberId: number): Promise<PhotoVerificationState> {
  return { status: 'NONE' };
}
