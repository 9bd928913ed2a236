// Loads a synthetic population (members, interests, location consent, hearts, chat requests)
// straight into a local D1 SQLite file, the way scripts/demo-data.ts does, for the benchmarks.
//   tsx bench/recommend/generate.ts --persist-to /tmp/ongi-bench-recommend/state --members 100000
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Client, InStatement, InValue } from '@libsql/client';
import { devProviderUserId } from '../../worker/src/areas/dev-portal/codes';
import { findLocalD1, openLocalDb, stateDir } from '../../scripts/demo/local-state';
import { seededRandom } from '../../scripts/demo/random';
import {
  DRINKING_ANSWERS,
  JOB_CATEGORIES,
  MBTI_TYPES,
  RELATIONSHIP_GOALS,
  SMOKING_ANSWERS,
} from '../../worker/src/contract/profile-details';
import { generateHearts, generatePopulation, type SimHeart, type SimMember } from './population';

// Parsed when run as a script only: the match-quality benchmark imports this file with its own flags.
const cliArgs = () =>
  parseArgs({
    options: {
      'persist-to': { type: 'string' },
      members: { type: 'string', default: '100000' },
      seed: { type: 'string', default: '20261122' },
      /** Where to write the e-mails of active members (for signing in). */
      'sample-out': { type: 'string' },
    },
  });

/** Multi-row INSERTs of `rows.length` rows, `perStatement` rows each. */
function inserts(table: string, columns: string[], rows: InValue[][], perStatement = 400): InStatement[] {
  const out: InStatement[] = [];
  const one = `(${columns.map(() => '?').join(', ')})`;
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    out.push({
      sql: `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${chunk.map(() => one).join(', ')}`,
      args: chunk.flat(),
    });
  }
  return out;
}

async function writeAll(client: Client, statements: InStatement[]): Promise<void> {
  for (let i = 0; i < statements.length; i += 200) await client.batch(statements.slice(i, i + 200), 'write');
}

/** Writes members, their interests and location consent, hearts, and chat requests drawn from the hearts. */
export async function loadPopulation(client: Client, members: SimMember[], hearts: SimHeart[], seed: number) {
  const rng = seededRandom(seed + 1);
  const memberRows: InValue[][] = [];
  for (const m of members) {
    memberRows.push([
      m.id,
      'NAVER',
      await devProviderUserId(m.email),
      m.name,
      m.email,
      m.gender,
      m.birthday,
      m.lookingFor,
      m.status,
      m.romanceMatching ? 1 : 0,
      m.friendMatching ? 1 : 0,
      m.city && m.district ? `${m.city} ${m.district}` : null,
      m.city,
      m.district,
      m.lat,
      m.lng,
      m.city ? m.createdAt : null,
      m.createdAt,
      m.lastActiveAt,
    ]);
  }
  // Some chat requests, aimed (like hearts) at appealing members: the recommender damps them.
  const requests: InValue[][] = [];
  const pairs = new Set<string>();
  for (const h of hearts) {
    if (!rng.chance(0.12)) continue;
    const key = `${h.from}:${h.to}`;
    if (pairs.has(key) || pairs.has(`${h.to}:${h.from}`)) continue;
    pairs.add(key);
    const status = rng.weighted(['PENDING', 'ACCEPTED', 'REJECTED'] as const, (s) => (s === 'PENDING' ? 5 : 2));
    requests.push([h.from, h.to, status, h.at, status === 'PENDING' ? null : h.at]);
  }
  await client.execute('PRAGMA foreign_keys = OFF');
  await client.execute('PRAGMA synchronous = OFF');
  await writeAll(client, [
    ...inserts(
      'members',
      [
        'id',
        'provider_type',
        'provider_user_id',
        'name',
        'email',
        'gender',
        'birthday',
        'looking_for',
        'status',
        'romance_matching',
        'friend_matching',
        'address',
        'city',
        'district',
        'lat',
        'lng',
        'location_updated_at',
        'created_at',
        'last_active_at',
      ],
      memberRows,
      200,
    ),
    ...inserts(
      'member_interests',
      ['member_id', 'tag'],
      members.flatMap((m) => m.interests.map((t) => [m.id, t])),
    ),
    ...inserts(
      'member_agreements',
      ['member_id', 'item', 'agreed', 'terms_version', 'decided_at'],
      members.map((m) => [m.id, 'LOCATION', m.locationAgreed ? 1 : 0, '2026-11-01', m.createdAt]),
    ),
    ...inserts(
      'hearts',
      ['member_id', 'target_id', 'created_at'],
      hearts.map((h) => [h.from, h.to, h.at]),
    ),
    ...inserts('chat_requests', ['requester_id', 'target_id', 'status', 'created_at', 'answered_at'], requests),
  ]);
  await client.execute('PRAGMA foreign_keys = ON');
  return { hearts: hearts.length, requests: requests.length };
}

/**
 * Issue 13's data, so the hard filters and card reasons work on rows like production's: a third of
 * the members set matching preferences (an age range around their own age, often a distance
 * limit), two thirds saved profile details. Its own random stream: the population is unchanged.
 */
export async function loadProfileData(client: Client, members: SimMember[], seed: number, now: Date) {
  const rng = seededRandom(seed + 3);
  const stamp = now.toISOString();
  const prefs: InValue[][] = [];
  const details: InValue[][] = [];
  for (const m of members) {
    const age = now.getUTCFullYear() - Number(m.birthday.slice(0, 4));
    if (rng.chance(0.33)) {
      const ageMin = rng.chance(0.7) ? Math.max(19, age - rng.int(3, 8)) : null;
      const ageMax = rng.chance(0.7) ? Math.min(80, age + rng.int(3, 10)) : null;
      const maxDistanceKm = rng.chance(0.5) ? rng.pick([10, 20, 30, 50, 100] as const) : null;
      prefs.push([m.id, ageMin, ageMax, maxDistanceKm, stamp]);
    }
    if (rng.chance(0.66)) {
      details.push([
        m.id,
        rng.int(150, 190),
        rng.pick(JOB_CATEGORIES),
        rng.pick(SMOKING_ANSWERS),
        rng.pick(DRINKING_ANSWERS),
        rng.pick(MBTI_TYPES),
        rng.pick(RELATIONSHIP_GOALS),
        stamp,
      ]);
    }
  }
  await writeAll(client, [
    ...inserts('member_preferences', ['member_id', 'age_min', 'age_max', 'max_distance_km', 'updated_at'], prefs),
    ...inserts(
      'member_profile_details',
      ['member_id', 'height_cm', 'job_category', 'smoking', 'drinking', 'mbti', 'looking_for', 'updated_at'],
      details,
    ),
  ]);
  return { preferences: prefs.length, details: details.length };
}

async function main(): Promise<void> {
  const args = cliArgs().values;
  const started = performance.now();
  const count = Number(args.members);
  const seed = Number(args.seed);
  const state = stateDir(args['persist-to']);
  const { client } = openLocalDb(await findLocalD1(state));
  try {
    const existing = await client.execute('SELECT COUNT(*) AS n FROM members');
    if (Number(existing.rows[0]?.n ?? 0) > 0)
      throw new Error('the bench state already has members; start from a fresh state');
    const now = new Date();
    const members = generatePopulation(seededRandom(seed), count, 1, now);
    const hearts = generateHearts(seededRandom(seed + 2), members, now);
    const loaded = await loadPopulation(client, members, hearts, seed);
    const profile = await loadProfileData(client, members, seed, now);
    // The benchmark signs in active members spread over the population.
    const sample = members.filter((m) => m.status === 'ACTIVE').map((m) => m.email);
    if (args['sample-out']) writeFileSync(path.resolve(args['sample-out']), JSON.stringify(sample));
    const women = members.filter((m) => m.gender === 'F').length;
    console.log(
      `  회원 ${members.length.toLocaleString('ko-KR')}명 (여 ${women.toLocaleString('ko-KR')}), ` +
        `마음 ${loaded.hearts.toLocaleString('ko-KR')}개, 채팅 신청 ${loaded.requests.toLocaleString('ko-KR')}건, ` +
        `선호 조건 ${profile.preferences.toLocaleString('ko-KR')}명, 상세 프로필 ${profile.details.toLocaleString('ko-KR')}명 — ` +
        `${((performance.now() - started) / 1000).toFixed(1)}초`,
    );
  } finally {
    client.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    console.error('✖ 벤치마크 데이터를 만들지 못했어요.', err);
    process.exit(1);
  });
}
