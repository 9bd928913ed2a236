// Privacy on a member's own terms (docs/privacy.md): 아는 사람 피하기 (keyed phone hashes),
// 비공개 모드 (a flag the visibility module reads) and 데이트 공유 (a link for a friend).
import {
  PRIVACY_KO,
  PRIVACY_LIMITS,
  parsePhoneList,
  type AvoidPhonesResult,
  type CreatedDateShare,
  type DateShareItem,
  type PrivacySettings,
  type PublicDateShare,
} from '../../contract/privacy-core';
import { iso } from '../../lib/clock';
import type { RequestContext } from '../../lib/context';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { AppError, Conflict, Invalid, NotFound } from '../../lib/errors';
import { openRoomOf } from '../chat/rooms-api';
import { imageUrl } from '../media/service';
import { memberGone } from '../members/service';
import { notifyDateShare } from '../notifications/producers';
import { phoneHashOf } from './phone-hash';
import * as repo from './repo';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const notConfigured = () =>
  new AppError(503, 'PRIVACY_UNAVAILABLE', '지금은 번호를 등록할 수 없어요. 잠시 후 다시 시도해 주세요.');

export async function privacySettings(ctx: RequestContext, memberId: number): Promise<PrivacySettings> {
  const row = await repo.settingsOf(ctx.db, memberId);
  if (!row) throw memberGone();
  return { avoidCount: row.avoidCount, privateMode: row.privateMode, phoneVerified: Boolean(row.phoneVerified) };
}

/**
 * Adds numbers to the avoid list: each entry normalised, hashed with the server key, and only the
 * hash stored. The list as a whole may hold `avoidPhonesMax`; a batch that would pass it is
 * refused whole, with the reason, so nobody is left wondering which numbers were kept.
 */
export async function addAvoidPhones(
  ctx: RequestContext,
  memberId: number,
  entries: readonly string[],
): Promise<AvoidPhonesResult> {
  const key = ctx.env.IDENTITY_CI_KEY;
  if (!key) throw notConfigured();
  const { phones, invalid } = parsePhoneList(entries);
  if (phones.length === 0) throw new Invalid(PRIVACY_KO.phonesNoneValid, undefined, 'NO_VALID_PHONES');
  const hashes = await Promise.all(phones.map((p) => phoneHashOf(key, p)));
  const before = await repo.avoidCountOf(ctx.db, memberId);
  // Counted generously (a number already on the list counts again), so one check before writing suffices.
  if (before + hashes.length > PRIVACY_LIMITS.avoidPhonesMax) {
    throw new Invalid(PRIVACY_KO.phonesTooMany, undefined, 'AVOID_LIST_FULL');
  }
  await repo.addAvoidHashes(ctx.db, memberId, hashes, iso(ctx.now));
  const avoidCount = await repo.avoidCountOf(ctx.db, memberId);
  return { added: avoidCount - before, invalid, avoidCount };
}

export async function clearAvoidPhones(ctx: RequestContext, memberId: number): Promise<AvoidPhonesResult> {
  await repo.clearAvoidHashes(ctx.db, memberId);
  return { added: 0, invalid: 0, avoidCount: 0 };
}

export async function setPrivateMode(ctx: RequestContext, memberId: number, on: boolean): Promise<PrivacySettings> {
  await repo.setPrivateMode(ctx.db, memberId, on);
  return privacySettings(ctx, memberId);
}

// ---- 데이트 공유 --------------------------------------------------------------------------------

const shareNotFound = () => new NotFound(PRIVACY_KO.shareNotFound, 'SHARE_NOT_FOUND');

/** The link's path in the member SPA; the token is only ever in the link, D1 keeps its SHA-256. */
export const sharePath = (token: string) => `/share/${token}`;

/**
 * A share of a date with a match from an open room: a 256-bit random token, kept only as its
 * SHA-256 (the id), valid 48 hours. The match is told a share exists, never its contents.
 */
export async function createDateShare(
  ctx: RequestContext,
  memberId: number,
  roomId: number,
  input: { place: string; meetAt: string },
): Promise<CreatedDateShare> {
  const room = await openRoomOf(ctx.db, roomId, memberId);
  if (!room) throw new NotFound(PRIVACY_KO.roomNotOpen, 'ROOM_NOT_FOUND');
  const meetMs = Date.parse(input.meetAt);
  const nowMs = ctx.now.getTime();
  if (meetMs < nowMs - 6 * HOUR_MS || meetMs > nowMs + PRIVACY_LIMITS.shareAheadDays * DAY_MS) {
    throw new Invalid(PRIVACY_KO.meetAtOutOfRange, { meetAt: PRIVACY_KO.meetAtOutOfRange }, 'MEET_AT_OUT_OF_RANGE');
  }
  const now = iso(ctx.now);
  if ((await repo.openShareCount(ctx.db, memberId, now)) >= PRIVACY_LIMITS.openSharesMax) {
    throw new Conflict(PRIVACY_KO.tooManyShares, 'TOO_MANY_SHARES');
  }
  const token = randomToken(32);
  const id = await sha256Hex(token);
  const matchId = room.memberA === memberId ? room.memberB : room.memberA;
  const share = {
    id,
    memberId,
    matchId,
    roomId,
    place: input.place,
    meetAt: iso(new Date(meetMs)),
    expiresAt: iso(new Date(nowMs + PRIVACY_LIMITS.shareHours * HOUR_MS)),
    createdAt: now,
  };
  await repo.insertShare(ctx.db, share);
  await notifyDateShare(ctx, { memberId, matchId, roomId, shareKey: id.slice(0, 16) });
  const item = (await dateSharesOf(ctx, memberId)).find((s) => s.id === id);
  if (!item) throw shareNotFound();
  return { ...item, token, path: sharePath(token) };
}

export async function dateSharesOf(ctx: RequestContext, memberId: number): Promise<DateShareItem[]> {
  const rows = await repo.sharesOf(ctx.db, memberId, 20);
  const views = await repo.viewsOf(
    ctx.db,
    rows.map((r) => r.id),
    PRIVACY_LIMITS.shareViewsListed,
  );
  return rows.map((r) => ({
    ...r,
    views: views.filter((v) => v.shareId === r.id).map((v) => ({ viewedAt: v.viewedAt })),
  }));
}

export async function revokeDateShare(ctx: RequestContext, memberId: number, id: string): Promise<void> {
  if (!/^[0-9a-f]{64}$/.test(id) || !(await repo.revokeShare(ctx.db, memberId, id, iso(ctx.now)))) {
    throw shareNotFound();
  }
}

/**
 * The public page's read: a guessed, expired or revoked token all answer the same 404; a live
 * one logs the view (time only) in the same batch.
 */
export async function publicDateShare(ctx: RequestContext, token: string): Promise<PublicDateShare> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw shareNotFound();
  const row = await repo.openShareAndLogView(ctx.db, await sha256Hex(token), iso(ctx.now));
  if (!row || row.matchGone) throw shareNotFound();
  return {
    matchName: row.matchName,
    mainImageUrl: row.imageKey ? imageUrl(row.imageKey) : null,
    place: row.place,
    meetAt: row.meetAt,
    expiresAt: row.expiresAt,
    sharedBy: row.sharedBy,
  };
}
