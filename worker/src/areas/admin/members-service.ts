// Console member lists and detail: which filters and sort fields exist, and the row's public shape
// (age from the birthday, status with lapsed bans computed away).
import { adultBirthdayCut } from '../../contract/age';
import { myDetails } from '../profile-details/service';
import { voiceForAdmin } from '../profile-details/voice';
import {
  ADMIN_CONSOLE_MESSAGES,
  type AdminUser,
  type AdminUserDetail,
  type BanHistoryEntry,
} from '../../contract/admin';
import { ageOn } from '../../contract/age';
import {
  GENDERS,
  MEMBER_STATUSES,
  PROVIDER_TYPES,
  type Gender,
  type MemberStatus,
  type ProviderType,
} from '../../contract/enums';
import { formatLocation } from '../../contract/regions';
import type { Db, Env } from '../../lib/env';
import { Invalid, NotFound } from '../../lib/errors';
import { imageUrl } from '../media/service';
import { banHistoryOf, type BanHistoryRow } from './bans-repo';
import type { ListQuery } from './list-query';
import { filterStrings } from './list-query';
import {
  findMemberForAdmin,
  imagesOf,
  interestsOf,
  listMembersForAdmin,
  reportCountsOf,
  type AdminMemberRow,
  type MemberSortField,
} from './members-repo';

const SORT_FIELDS: readonly MemberSortField[] = [
  'id',
  'name',
  'email',
  'gender',
  'age',
  'providerType',
  'status',
  'createdAt',
];
/** The console's column names that differ from the sort keys. */
const SORT_ALIASES: Record<string, MemberSortField> = { birth: 'age' };

export function toAdminUser(row: AdminMemberRow, now: Date): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    gender: row.gender,
    age: ageOn(row.birthday, now),
    openAge: row.openAge,
    providerType: row.providerType,
    lookingFor: row.lookingFor,
    birth: row.birthday,
    status: row.status,
    // The row's status is already computed; an end time only matters while the ban holds.
    bannedUntil: row.status === 'BANNED' ? row.bannedUntil : null,
    createdAt: row.createdAt,
  };
}

export function toBanHistoryEntry(row: BanHistoryRow): BanHistoryEntry {
  return { ...row, bannedAt: row.createdAt };
}

function oneOf<T extends string>(values: string[] | undefined, allowed: readonly T[], field: string): T[] | undefined {
  if (!values) return undefined;
  const known = values.filter((v): v is T => (allowed as readonly string[]).includes(v));
  if (known.length !== values.length)
    throw new Invalid(ADMIN_CONSOLE_MESSAGES.listQueryInvalid, { [field]: ADMIN_CONSOLE_MESSAGES.listQueryInvalid });
  return known;
}

function idsOf(filter: Record<string, unknown>): number[] | undefined {
  const raw = filterStrings(filter, 'id');
  if (!raw) return undefined;
  const ids = raw.map(Number);
  if (!ids.every((n) => Number.isSafeInteger(n) && n > 0)) {
    throw new Invalid(ADMIN_CONSOLE_MESSAGES.listQueryInvalid, { id: ADMIN_CONSOLE_MESSAGES.listQueryInvalid });
  }
  return ids;
}

export async function listMembers(
  db: Db,
  query: ListQuery,
  now: Date,
): Promise<{ users: AdminUser[]; start: number; total: number }> {
  const field = query.sort ? (SORT_ALIASES[query.sort.field] ?? query.sort.field) : 'id';
  if (!(SORT_FIELDS as readonly string[]).includes(field)) {
    throw new Invalid(ADMIN_CONSOLE_MESSAGES.listQueryInvalid, { sort: ADMIN_CONSOLE_MESSAGES.listQueryInvalid });
  }
  const search = filterStrings(query.filter, 'q')?.[0]?.trim();
  const start = query.range?.start ?? 0;
  const { rows, total } = await listMembersForAdmin(
    db,
    {
      search: search || undefined,
      ids: idsOf(query.filter),
      statuses: oneOf<MemberStatus>(filterStrings(query.filter, 'status'), MEMBER_STATUSES, 'status'),
      genders: oneOf<Gender>(filterStrings(query.filter, 'gender'), GENDERS, 'gender'),
      providers: oneOf<ProviderType>(filterStrings(query.filter, 'providerType'), PROVIDER_TYPES, 'providerType'),
      // '만 19세 미만' (docs/trust.md "Adults only"): members the adults-only rule hides and gates, for follow-up.
      under19Cut: oneOf(filterStrings(query.filter, 'ageGroup'), ['UNDER_19'] as const, 'ageGroup')
        ? adultBirthdayCut(now)
        : undefined,
      sort: { field: field as MemberSortField, order: query.sort?.order ?? 'ASC' },
      offset: start,
      limit: query.range ? query.range.end - query.range.start + 1 : null,
    },
    now.toISOString(),
  );
  return { users: rows.map((r) => toAdminUser(r, now)), start, total };
}

export async function memberForAdmin(db: Db, id: number, now: Date): Promise<AdminUser> {
  const row = await findMemberForAdmin(db, id, now.toISOString());
  if (!row) throw new NotFound(ADMIN_CONSOLE_MESSAGES.memberNotFound, 'MEMBER_NOT_FOUND');
  return toAdminUser(row, now);
}

export async function memberDetail(db: Db, id: number, now: Date, env?: Env): Promise<AdminUserDetail> {
  const row = await findMemberForAdmin(db, id, now.toISOString());
  if (!row) throw new NotFound(ADMIN_CONSOLE_MESSAGES.memberNotFound, 'MEMBER_NOT_FOUND');
  const user = toAdminUser(row, now);
  const [interests, images, reports, lastBan, profileDetails, voiceIntro] = await Promise.all([
    interestsOf(db, id),
    imagesOf(db, id),
    reportCountsOf(db, id),
    user.status === 'BANNED' ? banHistoryOf(db, id, 1) : Promise.resolve([]),
    myDetails(db, id),
    env ? voiceForAdmin(env, db, id, now) : Promise.resolve(null),
  ]);
  const ban = lastBan[0];
  return {
    ...user,
    interests,
    images: images.map((img) => ({ role: img.role, url: imageUrl(img.objectKey) })),
    location: row.city && row.district ? formatLocation(row.city, row.district) : null,
    lastActiveAt: row.lastActiveAt,
    reports,
    currentBan: ban && ban.action === 'BAN' ? toBanHistoryEntry(ban) : null,
    profileDetails,
    voiceIntro,
  };
}
