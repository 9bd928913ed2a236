// Profile details, matching preferences and the "hearts seen" mark (docs/api-extensions.md "profile-details"): storage only.
import { and, asc, eq, isNotNull, sql, type Placeholder } from 'drizzle-orm';
import type { BatchResponse } from 'drizzle-orm/batch';
import {
  heartsSeen,
  memberAgreements,
  memberPreferences,
  memberProfileDetails,
  memberProfilePrompts,
  members,
} from '../../db/schema';
import type { Db } from '../../lib/env';
import { heartExists } from '../hearts/repo';
import { visibleRowTo } from '../visibility/repo';
import { voiceQuery, type VoiceRow } from './voice-repo';

export type DetailsRow = typeof memberProfileDetails.$inferSelect;
export type PromptRow = { questionId: string; answer: string; hiddenReason: string | null };

export type StoredDetails = {
  details: DetailsRow | undefined;
  /** The member's prompt cards (answered). */
  prompts: PromptRow[];
  /**
   * Hides of questions the member has since removed, kept as rows without an answer (never shown)
   * so that answering the question again stays hidden (docs/admin.md "Hidden profile texts stay hidden").
   */
  heldHides: PromptRow[];
  sensitiveConsent: boolean;
  /** The 목소리 소개 (docs/voice.md "A voice on the profile"), if recorded. */
  voice: VoiceRow | undefined;
};

/** readDetails' three statements, for callers that batch them with other reads (the profile modal). */
export function detailsQueries(db: Db, memberId: number | Placeholder) {
  return [
    db.select().from(memberProfileDetails).where(eq(memberProfileDetails.memberId, memberId)).limit(1),
    db
      .select({
        questionId: memberProfilePrompts.questionId,
        answer: memberProfilePrompts.answer,
        hiddenReason: memberProfilePrompts.hiddenReason,
      })
      .from(memberProfilePrompts)
      .where(eq(memberProfilePrompts.memberId, memberId))
      .orderBy(asc(memberProfilePrompts.position)),
    db
      .select({ agreed: memberAgreements.agreed })
      .from(memberAgreements)
      .where(and(eq(memberAgreements.memberId, memberId), eq(memberAgreements.item, 'SENSITIVE_INFO')))
      .limit(1),
    voiceQuery(db, memberId),
  ] as const;
}

type DetailsResults = BatchResponse<ReturnType<typeof detailsQueries>>;

export function storedDetailsFrom([details, rows, consent, voice]: DetailsResults): StoredDetails {
  return {
    details: details[0],
    prompts: rows.filter((p) => p.answer !== ''),
    heldHides: rows.filter((p) => p.answer === '' && p.hiddenReason !== null),
    sensitiveConsent: consent[0]?.agreed === true,
    voice: voice[0],
  };
}

export async function readDetails(db: Db, memberId: number): Promise<StoredDetails> {
  return storedDetailsFrom(await db.batch(detailsQueries(db, memberId)));
}

export type DetailsWrite = Omit<DetailsRow, 'memberId' | 'updatedAt'>;

/**
 * Replaces a member's details and prompt cards in one batch; with `toggles`, also sets the two
 * matching toggles (lookingFor ↔ romance/friend, docs/matching.md).
 */
export async function writeDetails(
  db: Db,
  memberId: number,
  values: DetailsWrite,
  prompts: PromptRow[],
  nowIso: string,
  toggles: { romanceMatching: boolean; friendMatching: boolean } | null,
): Promise<void> {
  const row = { ...values, updatedAt: nowIso };
  await db.batch([
    db
      .insert(memberProfileDetails)
      .values({ memberId, ...row })
      .onConflictDoUpdate({ target: memberProfileDetails.memberId, set: row }),
    db.delete(memberProfilePrompts).where(eq(memberProfilePrompts.memberId, memberId)),
    ...prompts.map((p, position) => db.insert(memberProfilePrompts).values({ memberId, position, ...p })),
    ...(toggles ? [db.update(members).set(toggles).where(eq(members.id, memberId))] : []),
  ]);
}

/** The toggles changed: a lookingFor the member answered follows them (null goal = leave it). */
export function lookingForFollowsQuery(db: Db, memberId: number, goal: string) {
  return db
    .update(memberProfileDetails)
    .set({ lookingFor: goal })
    .where(and(eq(memberProfileDetails.memberId, memberId), isNotNull(memberProfileDetails.lookingFor)));
}

/** Hides one text; false when there was nothing to hide. */
export async function hideText(
  db: Db,
  memberId: number,
  field: 'bio' | 'jobTitle' | 'prompt',
  questionId: string | null,
  reason: string,
): Promise<boolean> {
  if (field === 'prompt') {
    const rows = await db
      .update(memberProfilePrompts)
      .set({ hiddenReason: reason })
      .where(and(eq(memberProfilePrompts.memberId, memberId), eq(memberProfilePrompts.questionId, questionId ?? '')))
      .returning({ id: memberProfilePrompts.memberId });
    return rows.length > 0;
  }
  const column = field === 'bio' ? memberProfileDetails.bio : memberProfileDetails.jobTitle;
  const rows = await db
    .update(memberProfileDetails)
    .set(field === 'bio' ? { bioHiddenReason: reason } : { jobTitleHiddenReason: reason })
    .where(and(eq(memberProfileDetails.memberId, memberId), isNotNull(column)))
    .returning({ id: memberProfileDetails.memberId });
  return rows.length > 0;
}

/**
 * Lifts a hide (an operator reviewed the text); false when that place was not hidden. A held hide
 * of a removed question goes with its placeholder row.
 */
export async function unhideText(
  db: Db,
  memberId: number,
  field: 'bio' | 'jobTitle' | 'prompt',
  questionId: string | null,
): Promise<boolean> {
  if (field === 'prompt') {
    const mine = and(
      eq(memberProfilePrompts.memberId, memberId),
      eq(memberProfilePrompts.questionId, questionId ?? ''),
      isNotNull(memberProfilePrompts.hiddenReason),
    );
    const [held, shown] = await db.batch([
      db
        .delete(memberProfilePrompts)
        .where(and(mine, eq(memberProfilePrompts.answer, '')))
        .returning({ id: memberProfilePrompts.memberId }),
      db
        .update(memberProfilePrompts)
        .set({ hiddenReason: null })
        .where(mine)
        .returning({ id: memberProfilePrompts.memberId }),
    ]);
    return held.length + shown.length > 0;
  }
  const column = field === 'bio' ? memberProfileDetails.bioHiddenReason : memberProfileDetails.jobTitleHiddenReason;
  const rows = await db
    .update(memberProfileDetails)
    .set(field === 'bio' ? { bioHiddenReason: null } : { jobTitleHiddenReason: null })
    .where(and(eq(memberProfileDetails.memberId, memberId), isNotNull(column)))
    .returning({ id: memberProfileDetails.memberId });
  return rows.length > 0;
}

export type PreferencesRow = {
  ageMin: number | null;
  ageMax: number | null;
  maxDistanceKm: number | null;
  verifiedOnly: boolean;
};

export async function readPreferences(db: Db, memberId: number): Promise<PreferencesRow> {
  const rows = await db
    .select({
      ageMin: memberPreferences.ageMin,
      ageMax: memberPreferences.ageMax,
      maxDistanceKm: memberPreferences.maxDistanceKm,
      verifiedOnly: memberPreferences.verifiedOnly,
    })
    .from(memberPreferences)
    .where(eq(memberPreferences.memberId, memberId))
    .limit(1);
  return rows[0] ?? { ageMin: null, ageMax: null, maxDistanceKm: null, verifiedOnly: false };
}

/** Stores preferences; a member with no limit at all keeps no row (the filters skip them cheaply). */
export async function writePreferences(db: Db, memberId: number, p: PreferencesRow, nowIso: string): Promise<void> {
  if (p.ageMin === null && p.ageMax === null && p.maxDistanceKm === null && !p.verifiedOnly) {
    await db.delete(memberPreferences).where(eq(memberPreferences.memberId, memberId));
    return;
  }
  await db
    .insert(memberPreferences)
    .values({ memberId, ...p, updatedAt: nowIso })
    .onConflictDoUpdate({ target: memberPreferences.memberId, set: { ...p, updatedAt: nowIso } });
}

export type ReceivedRow = {
  memberId: number;
  name: string;
  birthday: string;
  mainImageKey: string | null;
  heartedAt: string;
  mutual: number;
  identityVerified: number;
  photoVerified: number;
};

/** Who hearted me, newest first: those the visibility module lets me see (areas/visibility). */
const receivedFilter = (memberId: number, now: Date) => sql`h.target_id = ${memberId}
  AND g.status <> 'INACTIVE' AND ${visibleRowTo(sql.raw('g'), memberId, now)}`;

export async function listReceived(
  db: Db,
  memberId: number,
  now: Date,
  offset: number,
  limit: number,
): Promise<ReceivedRow[]> {
  return db.all<ReceivedRow>(sql`SELECT g.id AS memberId, g.name AS name, g.birthday AS birthday,
      (SELECT object_key FROM member_images WHERE member_id = g.id AND slot = 0) AS mainImageKey,
      h.created_at AS heartedAt,
      ${heartExists(memberId, sql`g.id`)} AS mutual,
      g.identity_verified_at IS NOT NULL AS identityVerified, g.photo_verified_at IS NOT NULL AS photoVerified
    FROM hearts h INDEXED BY hearts_target_created JOIN members g ON g.id = h.member_id
    WHERE ${receivedFilter(memberId, now)}
    ORDER BY h.created_at DESC, g.id DESC LIMIT ${limit} OFFSET ${offset}`);
}

export async function countUnseen(db: Db, memberId: number, now: Date): Promise<number> {
  const rows = await db.all<{ n: number }>(sql`SELECT COUNT(*) AS n
    FROM hearts h INDEXED BY hearts_target_created JOIN members g ON g.id = h.member_id
    WHERE ${receivedFilter(memberId, now)}
      AND h.created_at > COALESCE((SELECT seen_at FROM hearts_seen WHERE member_id = ${memberId}), '')`);
  return rows[0]?.n ?? 0;
}

export async function markSeen(db: Db, memberId: number, nowIso: string): Promise<void> {
  await db
    .insert(heartsSeen)
    .values({ memberId, seenAt: nowIso })
    .onConflictDoUpdate({ target: heartsSeen.memberId, set: { seenAt: nowIso } });
}
