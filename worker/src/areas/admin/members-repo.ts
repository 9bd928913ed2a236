// Member rows for the console: filtered, sorted, paged lists and one member's detail. A lapsed
// temporary ban is computed away in SQL, so filters and sorting see the same status as the rows.
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Gender, MemberStatus, ProviderType } from '../../contract/enums';
import { memberImages, memberInterests, members, reports } from '../../db/schema';
import type { Db } from '../../lib/env';

export type AdminMemberRow = {
  id: number;
  name: string;
  email: string;
  gender: Gender;
  birthday: string;
  openAge: boolean;
  providerType: ProviderType;
  lookingFor: 'M' | 'F' | 'both';
  status: MemberStatus;
  bannedUntil: string | null;
  createdAt: string;
  lastActiveAt: string;
  city: string | null;
  district: string | null;
};

export type MemberSortField = 'id' | 'name' | 'email' | 'gender' | 'age' | 'providerType' | 'status' | 'createdAt';

export type MemberListQuery = {
  search?: string;
  ids?: number[];
  statuses?: MemberStatus[];
  genders?: Gender[];
  providers?: ProviderType[];
  /** Only members under 19 by the year rule: born on or after this cut (contract/age.ts adultBirthdayCut). */
  under19Cut?: string;
  sort: { field: MemberSortField; order: 'ASC' | 'DESC' };
  offset: number;
  /** null = every matching row. */
  limit: number | null;
};

/** ACTIVE for a BANNED row whose `banned_until` is at or before `now`. */
const effectiveStatus = (now: string) =>
  sql<MemberStatus>`CASE WHEN ${members.status} = 'BANNED' AND ${members.bannedUntil} IS NOT NULL AND ${members.bannedUntil} <= ${now} THEN 'ACTIVE' ELSE ${members.status} END`;

const rowColumns = (now: string) => ({
  id: members.id,
  name: members.name,
  email: members.email,
  gender: members.gender,
  birthday: members.birthday,
  openAge: members.openAge,
  providerType: members.providerType,
  lookingFor: members.lookingFor,
  status: effectiveStatus(now),
  bannedUntil: members.bannedUntil,
  createdAt: members.createdAt,
  lastActiveAt: members.lastActiveAt,
  city: members.city,
  district: members.district,
});

/** LIKE pattern that matches `text` literally (%, _ and \ escaped). */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

function listWhere(q: MemberListQuery, now: string): SQL | undefined {
  const where: (SQL | undefined)[] = [isNull(members.deletedAt)];
  if (q.search) {
    const pattern = containsPattern(q.search);
    where.push(
      or(
        sql`${members.name} LIKE ${pattern} ESCAPE '\\'`,
        sql`lower(${members.email}) LIKE ${pattern.toLowerCase()} ESCAPE '\\'`,
      ),
    );
  }
  if (q.ids) where.push(inArray(members.id, q.ids));
  if (q.statuses) where.push(inArray(effectiveStatus(now), q.statuses));
  if (q.genders) where.push(inArray(members.gender, q.genders));
  if (q.providers) where.push(inArray(members.providerType, q.providers));
  if (q.under19Cut) where.push(sql`${members.birthday} >= ${q.under19Cut}`);
  return and(...where);
}

function orderOf(q: MemberListQuery, now: string): SQL[] {
  const dir = q.sort.order === 'ASC' ? asc : desc;
  const column = {
    id: members.id,
    name: members.name,
    email: members.email,
    gender: members.gender,
    // Older birthday = higher age, so age order is birthday order reversed.
    age: members.birthday,
    providerType: members.providerType,
    status: effectiveStatus(now),
    createdAt: members.createdAt,
  }[q.sort.field];
  const primary = q.sort.field === 'age' ? (q.sort.order === 'ASC' ? desc(column) : asc(column)) : dir(column);
  // A stable tiebreak keeps paging from repeating or skipping rows.
  return q.sort.field === 'id' ? [primary] : [primary, asc(members.id)];
}

export async function listMembersForAdmin(
  db: Db,
  q: MemberListQuery,
  now: string,
): Promise<{ rows: AdminMemberRow[]; total: number }> {
  const where = listWhere(q, now);
  const base = db
    .select(rowColumns(now))
    .from(members)
    .where(where)
    .orderBy(...orderOf(q, now))
    .$dynamic();
  // SQLite needs a LIMIT before OFFSET; -1 means no limit.
  const query = base.limit(q.limit ?? -1).offset(q.offset);
  // The page and the total in one round trip (one batch), not two queries at once.
  const [rows, totals] = await db.batch([query, db.select({ n: count() }).from(members).where(where)]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function findMemberForAdmin(db: Db, id: number, now: string): Promise<AdminMemberRow | undefined> {
  const rows = await db
    .select(rowColumns(now))
    .from(members)
    .where(and(eq(members.id, id), isNull(members.deletedAt)))
    .limit(1);
  return rows[0];
}

export async function interestsOf(db: Db, memberId: number): Promise<string[]> {
  const rows = await db
    .select({ tag: memberInterests.tag })
    .from(memberInterests)
    .where(eq(memberInterests.memberId, memberId))
    .orderBy(asc(memberInterests.tag));
  return rows.map((r) => r.tag);
}

export async function imagesOf(db: Db, memberId: number): Promise<{ role: 'MAIN' | 'SUB'; objectKey: string }[]> {
  return db
    .select({ role: memberImages.role, objectKey: memberImages.objectKey })
    .from(memberImages)
    .where(eq(memberImages.memberId, memberId))
    .orderBy(asc(memberImages.slot));
}

export type ReportCounts = { pending: number; accepted: number; rejected: number; made: number };

export async function reportCountsOf(db: Db, memberId: number): Promise<ReportCounts> {
  const [against, made] = await Promise.all([
    db
      .select({ status: reports.status, n: count() })
      .from(reports)
      .where(eq(reports.targetId, memberId))
      .groupBy(reports.status),
    db.select({ n: count() }).from(reports).where(eq(reports.reporterId, memberId)),
  ]);
  const of = (status: string) => against.find((r) => r.status === status)?.n ?? 0;
  return { pending: of('PENDING'), accepted: of('ACCEPTED'), rejected: of('REJECTED'), made: made[0]?.n ?? 0 };
}
