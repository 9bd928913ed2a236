// Feedback: members write, read, edit and delete only their own items; admins read them all.
import type { AdminFeedbackItem, FeedbackBody, FeedbackItem } from '../../contract/feedback';
import { iso } from '../../lib/clock';
import type { Db } from '../../lib/env';
import { NotFound } from '../../lib/errors';
import { hit } from '../../lib/rate-limit';
import { insertFeedback, listAllFeedback, listFeedbackOf, softDeleteOwnFeedback, updateOwnFeedback } from './repo';

export const FEEDBACK_LIMIT = { max: 20, windowSeconds: 3600 } as const;

const feedbackNotFound = () => new NotFound('피드백을 찾을 수 없어요.', 'FEEDBACK_NOT_FOUND');

export async function createFeedback(db: Db, memberId: number, body: FeedbackBody, now: Date): Promise<FeedbackItem> {
  await hit(db, `feedback:${memberId}`, FEEDBACK_LIMIT, now, '피드백을 너무 자주 보냈어요. 잠시 후 다시 보내 주세요.');
  return insertFeedback(db, { memberId, ...body, at: iso(now) });
}

export async function myFeedback(db: Db, memberId: number): Promise<FeedbackItem[]> {
  return listFeedbackOf(db, memberId);
}

/** Someone else's item and a missing one answer the same 404. */
export async function editFeedback(
  db: Db,
  memberId: number,
  id: number,
  body: FeedbackBody,
  now: Date,
): Promise<FeedbackItem> {
  const row = await updateOwnFeedback(db, memberId, id, { ...body, at: iso(now) });
  if (!row) throw feedbackNotFound();
  return row;
}

export async function deleteFeedback(db: Db, memberId: number, id: number, now: Date): Promise<void> {
  if (!(await softDeleteOwnFeedback(db, memberId, id, iso(now)))) throw feedbackNotFound();
}

export async function allFeedback(db: Db): Promise<AdminFeedbackItem[]> {
  const rows = await listAllFeedback(db);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    content: r.content,
    createdAt: r.createdAt,
    memberId: r.memberId,
    user: { name: r.memberName },
  }));
}

/** A feedback id from a path segment; anything else is an item that does not exist. */
export function feedbackIdParam(raw: string): number {
  const id = /^\d{1,12}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw feedbackNotFound();
  return id;
}
