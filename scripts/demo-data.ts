// `npm run seed`: loads demo members (with drawn photos), notices and community posts into
// the LOCAL D1 and R2 — only when there are no members yet, so running it again is harmless
// (a demo set left incomplete by an interrupted or older load is removed and loaded again).
//   --force            remove the demo rows (and their pictures) first, then load again
//   --persist-to DIR   wrangler's --persist-to, for a separate local state (e2e runs)
import type { Client } from '@libsql/client';
import { parseArgs } from 'node:util';
import { insertPosts } from '../worker/src/areas/community/repo';
import {
  countMembers,
  deleteMembers,
  findMemberIdsByEmailLike,
  insertDemoDetails,
  insertDemoHearts,
  insertDemoValueAnswers,
  insertDemoMembers,
  insertDemoReactions,
  insertDemoSafety,
  listObjectKeysOfMembers,
  listPostsOfMembers,
  maxMemberId,
} from '../worker/src/areas/demo/repo';
import { newImageKey } from '../worker/src/areas/media/service';
import { deleteNoticesByTitle, insertNotices } from '../worker/src/areas/notices/repo';
import type { Db } from '../worker/src/lib/env';
import { placePhoto, profilePhoto } from './demo/avatar';
import {
  type MediaPut,
  SetupError,
  findLocalD1,
  openLocalDb,
  openLocalMedia,
  stateDir,
  withLocalMedia,
} from './demo/local-state';
import { DEMO_EMAIL_PATTERN, PHOTO_HEIGHT, PHOTO_WIDTH, planMembers } from './demo/members';
import { planDetails } from './demo/details';
import { planHearts } from './demo/hearts';
import { DEMO_NOTICES } from './demo/notices';
import { planPosts } from './demo/posts';
import { planReactions } from './demo/reactions';
import { seededRandom } from './demo/random';
import { planValueAnswers } from './demo/values';
import { planSafety } from './demo/safety';

const MEMBER_COUNT = 320;
const SEED = 20261101;

const { values: args } = parseArgs({
  options: { force: { type: 'boolean', default: false }, 'persist-to': { type: 'string' } },
});

async function removeDemoData(db: Db, state: string): Promise<void> {
  const ids = await findMemberIdsByEmailLike(db, DEMO_EMAIL_PATTERN);
  const keys = await listObjectKeysOfMembers(db, ids);
  await deleteMembers(db, ids);
  await deleteNoticesByTitle(
    db,
    DEMO_NOTICES.map((n) => n.title),
  );
  await withLocalMedia(state, async (bucket) => {
    for (let i = 0; i < keys.length; i += 500) await bucket.delete(keys.slice(i, i + 500));
  });
  console.log(`  데모 회원 ${ids.length}명과 그 사진 ${keys.length}장을 지웠어요.`);
}

/**
 * Whether demo members are there without the rest of a complete load: their hearts, the demo
 * notices, their posts and the likes on them.
 */
async function demoDataIncomplete(client: Client): Promise<boolean> {
  const demo = `SELECT id FROM members WHERE email LIKE '${DEMO_EMAIL_PATTERN}'`;
  const titles = DEMO_NOTICES.map(() => '?').join(', ');
  const result = await client.execute({
    sql: `SELECT (SELECT COUNT(*) FROM members WHERE id IN (${demo})) AS members,
      (SELECT COUNT(*) FROM hearts WHERE member_id IN (${demo})) AS hearts,
      (SELECT COUNT(*) FROM community_posts WHERE member_id IN (${demo})) AS posts,
      (SELECT COUNT(*) FROM post_likes WHERE member_id IN (${demo})) AS likes,
      (SELECT COUNT(*) FROM member_profile_details WHERE member_id IN (${demo})) AS details,
      (SELECT COUNT(*) FROM value_answers WHERE member_id IN (${demo})) AS value_answers,
      (SELECT COUNT(*) FROM notices WHERE title IN (${titles})) AS notices`,
    args: DEMO_NOTICES.map((n) => n.title),
  });
  const row = result.rows[0];
  const n = (key: string) => Number(row?.[key] ?? 0);
  if (n('members') === 0) return false;
  // The rows go in as members → hearts → notices → posts → reactions → details → safety → 가치관: a stop after any step
  // leaves a zero.
  return (
    n('hearts') === 0 ||
    n('notices') === 0 ||
    n('posts') === 0 ||
    n('likes') === 0 ||
    n('details') === 0 ||
    n('value_answers') === 0
  );
}

const exactBuffer = (b: Uint8Array): ArrayBuffer =>
  b.byteOffset === 0 && b.byteLength === b.buffer.byteLength && b.buffer instanceof ArrayBuffer
    ? b.buffer
    : b.slice().buffer;

/** Stores the pictures with a few puts in flight (workerd does the writing). */
async function putAll(bucket: R2Bucket, objects: readonly MediaPut[], inFlight = 32): Promise<void> {
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < objects.length; i = next++) {
      const o = objects[i];
      // A whole ArrayBuffer crosses the platform proxy at about half the cost of a typed array.
      if (o) await bucket.put(o.key, exactBuffer(o.bytes), { httpMetadata: { contentType: o.contentType } });
    }
  };
  await Promise.all(Array.from({ length: inFlight }, lane));
}

async function main(): Promise<void> {
  const started = performance.now();
  const state = stateDir(args['persist-to']);
  const file = await findLocalD1(state);
  const { db, client } = openLocalDb(file);
  try {
    // D1 enforces foreign keys; the SQLite file opened directly needs it switched on.
    await client.execute('PRAGMA foreign_keys = ON');
    if (args.force) await removeDemoData(db, state);
    else if (await demoDataIncomplete(client)) {
      // An interrupted load, or one by an older version of this script (e.g. before hearts).
      console.log('  데모 데이터가 덜 들어가 있거나 예전 버전이라 다시 넣을게요.');
      await removeDemoData(db, state);
    }
    const existing = await countMembers(db);
    if (existing > 0) {
      console.log(`  회원이 이미 ${existing}명 있어서 데모 데이터를 건너뛰어요. (다시 넣으려면 --force)`);
      return;
    }

    const now = new Date();
    const rng = seededRandom(SEED);
    const plan = await planMembers(rng, MEMBER_COUNT, (await maxMemberId(db)) + 1, now);
    const interestsOf = (id: number) => plan.interests.filter((x) => x.memberId === id).map((x) => x.tag);
    const posts = planPosts(
      rng,
      plan.members.filter((m) => m.status === 'ACTIVE'),
      now,
      interestsOf,
    );

    const jobs: (() => MediaPut)[] = plan.photos.map((photo, i) => () => {
      const bytes = profilePhoto(
        photo.look,
        photo.scene,
        photo.variant,
        seededRandom(photo.seed),
        PHOTO_WIDTH,
        PHOTO_HEIGHT,
      );
      const image = plan.images[i];
      if (image) image.bytes = bytes.length;
      return { key: photo.key, bytes, contentType: 'image/png' };
    });
    for (const post of posts) {
      const { picture } = post;
      if (!picture) continue;
      const key = newImageKey('posts', 'png');
      post.imageKey = key;
      const seed = rng.int(1, 2 ** 30);
      jobs.push(() => ({ key, bytes: placePhoto(picture, seededRandom(seed)), contentType: 'image/png' }));
    }
    // Pictures first: if a later step fails, stray objects are harmless; rows without pictures are not.
    // The R2 proxy's workerd boots in its own process while this one draws.
    const opening = openLocalMedia(state);
    const drawStart = performance.now();
    let objects: MediaPut[];
    try {
      objects = jobs.map((job) => job());
    } catch (err) {
      await opening.then((m) => m.dispose()).catch(() => undefined);
      throw err;
    }
    const drawMs = performance.now() - drawStart;
    const putStart = performance.now();
    await withLocalMedia(state, (bucket) => putAll(bucket, objects), opening);
    const putMs = performance.now() - putStart;

    const rowStart = performance.now();
    await insertDemoMembers(db, plan);
    const hearts = planHearts(rng, plan.members, now);
    await insertDemoHearts(db, hearts);
    await insertNotices(
      db,
      DEMO_NOTICES.map((n, i) => {
        const at = new Date(now.getTime() - (DEMO_NOTICES.length - i) * 6.5 * 86_400_000).toISOString();
        return { ...n, createdAt: at, updatedAt: at };
      }),
    );
    await insertPosts(
      db,
      posts.map(({ picture: _picture, ...row }) => row),
    );
    // Their own random source, so adding reactions changed none of the people, posts or pictures.
    const demoPosts = await listPostsOfMembers(
      db,
      plan.members.map((m) => m.id),
    );
    const reactions = planReactions(seededRandom(SEED + 1), plan.members, demoPosts, now);
    await insertDemoReactions(db, reactions);
    // Profile details (docs/api-extensions.md "profile-details") from their own random source too: nobody else changes.
    const details = planDetails(seededRandom(SEED + 2), plan.members, interestsOf, now);
    await insertDemoDetails(db, details.details, details.prompts);
    // Work for the console's 안전 데스크 (docs/safety.md), from its own random source.
    const safety = planSafety(seededRandom(SEED + 3), plan.members, now);
    await insertDemoSafety(db, safety);
    // 가치관 answers (docs/values.md), from their own random source: nothing above changes.
    const values = planValueAnswers(seededRandom(SEED + 24), plan.members);
    await insertDemoValueAnswers(db, values);
    const rowMs = performance.now() - rowStart;

    const women = plan.members.filter((m) => m.gender === 'F').length;
    const inactive = plan.members.filter((m) => m.status === 'INACTIVE').length;
    const mb = objects.reduce((n, o) => n + o.bytes.length, 0) / 1024 / 1024;
    const s = (ms: number) => `${(ms / 1000).toFixed(1)}초`;
    console.log(
      [
        `  데모 데이터를 넣었어요 (${s(performance.now() - started)}):`,
        `    회원 ${plan.members.length}명 (여 ${women}, 남 ${plan.members.length - women}, 휴면 ${inactive}), 관심사 ${plan.interests.length}, 약관 동의 ${plan.agreements.length}`,
        `    프로필 사진 ${plan.images.length}장, 게시글 사진 ${jobs.length - plan.images.length}장 (${mb.toFixed(1)}MB) — 그리기 ${s(drawMs)}, R2 저장 ${s(putMs)}`,
        `    프로필 상세 ${details.details.length}명, 질문 카드 ${details.prompts.length}개, 가치관 답변 ${values.length}개`,
        `    관심(하트) ${hearts.length}개, 공지 ${DEMO_NOTICES.length}개, 커뮤니티 글 ${posts.length}개 (좋아요 ${reactions.likes.length}, 댓글 ${reactions.comments.length}), 채팅 신청 ${reactions.requests.length}건 — DB 쓰기 ${s(rowMs)}`,
        `    안전 데스크: 대기 중인 신고 ${safety.reports.length}건, '정말 보낼까요?' 기록 ${safety.nudges.length}건`,
        `    로그인 예: demo0001@ongi.dev (개발용 포털)`,
      ].join('\n'),
    );
  } finally {
    client.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof SetupError) {
    console.error(`✖ ${err.message}`);
  } else {
    console.error('✖ 데모 데이터를 넣지 못했어요.', err);
  }
  process.exit(1);
});
