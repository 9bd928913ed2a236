// "Why this card" (docs/matching.md "Why this card"): up to 3 plain-Korean reasons per recommended or nearby card,
// from the same numbers scoring.ts ranks by (interest share, closeness, age, activity, a heart
// to me), ordered by how much each added to the score. A reason never says more than the card or
// the viewer's other screens may: distance only as "가까이 살아요" and only when the nearby list
// would show the whole-km distance anyway; a heart only because "who liked me" lists it anyway.
import { ageOn } from '../../contract/age';
import { INTEREST_TAGS } from '../../contract/enums';
import {
  PROFILE_DETAIL_LIMITS,
  type CardReason,
  type CardReasonCode,
  type CardSummary,
  type Drinking,
  type Smoking,
} from '../../contract/profile-details';
import { WEIGHTS, activity, ageCloseness, interestShare } from './scoring';

/** Parsed detailsJson: [height, job, mbti, goal, smoking, drinking]. */
export type DetailColumns = {
  heightCm: number | null;
  jobCategory: string | null;
  mbti: string | null;
  lookingFor: string | null;
  smoking: Smoking | null;
  drinking: Drinking | null;
};

type DetailTuple = [number | null, string | null, string | null, string | null, string | null, string | null];

/** From a column (JSON text) or from inside a JSON card tuple (already an array). */
export function parseDetails(raw: string | DetailTuple | null | undefined): DetailColumns | null {
  if (!raw) return null;
  const t = typeof raw === 'string' ? (JSON.parse(raw) as DetailTuple) : raw;
  return {
    heightCm: t[0],
    jobCategory: t[1],
    mbti: t[2],
    lookingFor: t[3],
    smoking: t[4] as Smoking | null,
    drinking: t[5] as Drinking | null,
  };
}

export function summaryFrom(d: DetailColumns | null): CardSummary {
  return {
    heightCm: d?.heightCm ?? null,
    jobCategory: (d?.jobCategory ?? null) as CardSummary['jobCategory'],
    mbti: (d?.mbti ?? null) as CardSummary['mbti'],
    lookingFor: (d?.lookingFor ?? null) as CardSummary['lookingFor'],
  };
}

/** Within this many km (between cell centres) a card may say "가까이 살아요". */
export const NEAR_KM = 10;
/** Active within this many days: "최근에 활동했어요". */
const RECENT_DAYS = 1;
/** Ages at most this far apart: "나이가 비슷해요". */
const CLOSE_AGE_YEARS = 2;
/** Answers that are not part of the score rank below every scored reason. */
const UNSCORED = 0.01;

export type ReasonSide = {
  birthday: string;
  city: string | null;
  district: string | null;
  interests: readonly string[];
  details: DetailColumns | null;
};

export type ReasonCard = ReasonSide & {
  lastActiveAt?: string;
  heartedViewer?: boolean;
  /** Squared km between cell centres, only when both members' locations may be compared. */
  distanceSq?: number | null;
};

/** "을" after a final consonant, "를" otherwise. */
function objectParticle(word: string): string {
  const code = word.charCodeAt(word.length - 1) - 0xac00;
  return code >= 0 && code <= 11171 && code % 28 !== 0 ? '을' : '를';
}

const tagOrder = new Map<string, number>(INTEREST_TAGS.map((t, i) => [t, i]));

export function sharedInterestsText(shared: readonly string[]): string {
  const names = shared.slice(0, 2);
  const list = names.join('·');
  return `${list}${objectParticle(list)} 함께 좋아해요`;
}

export function reasonsFor(viewer: ReasonSide, card: ReasonCard, now: Date): CardReason[] {
  const found: { code: CardReasonCode; text: string; weight: number }[] = [];
  const add = (code: CardReasonCode, text: string, weight: number) => found.push({ code, text, weight });

  if (card.heartedViewer) add('HEARTED_ME', '나에게 마음을 보냈어요', 1);

  const theirs = new Set(card.interests);
  const shared = viewer.interests
    .filter((t) => theirs.has(t))
    .sort((a, b) => (tagOrder.get(a) ?? 99) - (tagOrder.get(b) ?? 99));
  if (shared.length > 0) {
    add(
      'SHARED_INTERESTS',
      sharedInterestsText(shared),
      WEIGHTS.interests * interestShare(viewer.interests, card.interests),
    );
  }

  const km = card.distanceSq === null || card.distanceSq === undefined ? null : Math.sqrt(card.distanceSq);
  if (km !== null && km <= NEAR_KM) add('NEARBY', '가까이 살아요', WEIGHTS.distance * Math.exp(-km / 25));
  else if (viewer.city && viewer.city === card.city) {
    const sameDistrict = viewer.district !== null && viewer.district === card.district;
    add('SAME_REGION', sameDistrict ? '같은 동네에 살아요' : '같은 지역에 살아요', WEIGHTS.distance * 0.6);
  }

  const myAge = ageOn(viewer.birthday, now);
  const theirAge = ageOn(card.birthday, now);
  if (Math.abs(myAge - theirAge) <= CLOSE_AGE_YEARS) {
    add('CLOSE_AGE', '나이가 비슷해요', WEIGHTS.age * ageCloseness(myAge, theirAge));
  }

  if (card.lastActiveAt) {
    const days = (now.getTime() - new Date(card.lastActiveAt).getTime()) / 86_400_000;
    if (days <= RECENT_DAYS)
      add('RECENTLY_ACTIVE', '최근에 활동했어요', WEIGHTS.activity * activity(card.lastActiveAt, now));
  }

  const mine = viewer.details;
  const their = card.details;
  if (mine && their) {
    if (mine.mbti && mine.mbti !== 'UNKNOWN' && mine.mbti === their.mbti) {
      add('SAME_MBTI', `MBTI가 같아요 (${their.mbti})`, UNSCORED * 3);
    }
    if (mine.lookingFor && mine.lookingFor === their.lookingFor && mine.lookingFor !== 'UNSURE') {
      add('SAME_GOAL', '찾는 관계가 같아요', UNSCORED * 2);
    }
    if (mine.smoking === 'NO' && their.smoking === 'NO') add('SAME_LIFESTYLE', '둘 다 담배를 피우지 않아요', UNSCORED);
    else if (mine.drinking && mine.drinking === their.drinking) add('SAME_LIFESTYLE', '술 취향이 비슷해요', UNSCORED);
  }

  return found
    .sort((a, b) => b.weight - a.weight)
    .slice(0, PROFILE_DETAIL_LIMITS.reasonsMax)
    .map(({ code, text }) => ({ code, text }));
}
