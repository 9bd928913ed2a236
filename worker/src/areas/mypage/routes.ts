// My page endpoints (api-contract "My page", api-extensions matching history). Member bearer only.
import { sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  MYPAGE_KO,
  PROFILE_IMAGE_FIELDS,
  interestsBody,
  matchingHistoryQuery,
  matchingSettingsBody,
  profileLikesQuery,
  type InterestsResponse,
  type LikedProfile,
  type MatchingHistoryItem,
  type MatchingSettings,
  type MypagePage,
  type MypageProfile,
  type ProfileImage,
} from '../../contract/mypage';
import { VALIDATION_KO } from '../../contract/messages';
import { nowDate } from '../../lib/clock';
import { batchRead } from '../../lib/db';
import type { AppEnv } from '../../lib/env';
import { Invalid } from '../../lib/errors';
import { requireMember, requireMemberAnd } from '../members/member-auth';
import { jsonBody, parseWith } from '../../lib/validation';
import { deleteMyImage, myImages, uploadImages, type ImageUpload } from './images-service';
import { profileQuery } from './repo';
import {
  likesFrom,
  likesQuery,
  myInterests,
  myMatchingHistory,
  myMatchingSettings,
  profileFrom,
  setMyInterests,
  setMyMatchingSettings,
} from './service';

export const mypageRoutes = new Hono<AppEnv>();

const BASE = '/api/on/mypage';

mypageRoutes.get(`${BASE}/profile-images`, requireMember, async (c) =>
  c.json<ProfileImage[]>(await myImages(c.get('db'), c.get('memberId'))),
);

mypageRoutes.post(`${BASE}/profile-images`, requireMember, async (c) => {
  const upload = await readImageForm(c);
  return c.json<ProfileImage[]>(await uploadImages(c.env, c.get('db'), c.get('memberId'), upload));
});

mypageRoutes.delete(`${BASE}/profile-images`, requireMember, async (c) =>
  c.json<ProfileImage[]>(await deleteMyImage(c.env, c.get('db'), c.get('memberId'), c.req.query('url'))),
);

mypageRoutes.get(`${BASE}/interests`, requireMember, async (c) =>
  c.json<InterestsResponse>(await myInterests(c.get('db'), c.get('memberId'))),
);

mypageRoutes.put(`${BASE}/interests`, requireMember, async (c) => {
  const { interests } = parseWith(interestsBody, await jsonBody(c));
  return c.json<InterestsResponse>(await setMyInterests(c.get('db'), c.get('memberId'), interests));
});

// My row is read in the same D1 round trip as the auth statement.
const profileRead = requireMemberAnd(
  (_c, db, memberId) =>
    [batchRead(db, 'mypage-profile', () => profileQuery(db, sql.placeholder('member')), { member: memberId })] as const,
  // A member under 19 may still read their own account (docs/trust.md "Adults only": the gate screen's export and deletion).
  { under19Allowed: true },
);

mypageRoutes.get(`${BASE}/profile`, profileRead.middleware, (c) => {
  const [rows] = profileRead.rows(c);
  return c.json<MypageProfile>(profileFrom(rows[0], nowDate(c.env)));
});

mypageRoutes.get(`${BASE}/matching-settings`, requireMember, async (c) =>
  c.json<MatchingSettings>(await myMatchingSettings(c.get('db'), c.get('memberId'))),
);

mypageRoutes.put(`${BASE}/matching-settings`, requireMember, async (c) => {
  const settings = parseWith(matchingSettingsBody, await jsonBody(c));
  return c.json<MatchingSettings>(await setMyMatchingSettings(c.get('db'), c.get('memberId'), settings));
});

// The page of likes is read in the same D1 round trip as the auth statement.
const likesRead = requireMemberAnd(
  (c, db, memberId) => [likesQuery(db, memberId, parseWith(profileLikesQuery, c.req.query()), nowDate(c.env))] as const,
);

mypageRoutes.get(`${BASE}/profile-likes`, likesRead.middleware, (c) => {
  const [rows] = likesRead.rows(c);
  const q = parseWith(profileLikesQuery, c.req.query());
  return c.json<MypagePage<LikedProfile>>(likesFrom(rows, q, nowDate(c.env)));
});

mypageRoutes.get(`${BASE}/matching-history`, requireMember, async (c) => {
  const q = parseWith(matchingHistoryQuery, c.req.query());
  return c.json<MypagePage<MatchingHistoryItem>>(
    await myMatchingHistory(c.get('db'), c.get('memberId'), q, nowDate(c.env)),
  );
});

/** `mainImage` (0–1 file) and `subImages` (two parts, an empty part keeps that slot). */
async function readImageForm(c: Context<AppEnv>): Promise<ImageUpload> {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new Invalid('사진을 읽지 못했어요. 다시 시도해 주세요.', undefined, 'INVALID_FORM');
  }
  const mains = form.getAll(PROFILE_IMAGE_FIELDS.main).map(fileOrEmpty);
  const subs = form.getAll(PROFILE_IMAGE_FIELDS.sub).map(fileOrEmpty);
  const givenMains = mains.filter((m): m is File => m !== null);
  if (givenMains.length > 1) {
    throw new Invalid(MYPAGE_KO.imagesTooMany, { mainImage: MYPAGE_KO.imagesTooMany }, 'IMAGES_TOO_MANY');
  }
  return { main: givenMains[0] ?? null, subs };
}

/** A file part, or null for an empty placeholder (an empty string or a nameless empty file). */
function fileOrEmpty(entry: File | string): File | null {
  if (typeof entry === 'string') {
    if (entry === '') return null;
    throw new Invalid(VALIDATION_KO.imageOnly, { images: VALIDATION_KO.imageOnly }, 'IMAGE_INVALID');
  }
  return entry.size === 0 ? null : entry;
}
