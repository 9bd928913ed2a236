// Pair features of the learned recommender (docs/matching.md "What the recommender learns"):
// what member vectors cannot express because it depends on the two members together — shared
// interests, age gap, distance, lifestyle compatibility (smoking, drinking, 찾는 관계) and the
// 가치관 answers (how well the other's answers satisfy the liker, and the 궁합 %). One
// weight per feature is learned from behaviour together with the vectors (train.ts) and stored
// once for everybody (recommender_model). Pure code: the training job and the ranking both call
// pairFeatures, so a feature means the same thing in both.

import {
  COMPATIBILITY_MIN_SHARED,
  compatibilityOf,
  satisfaction,
  sharedQuestions,
  type ValueAnswer,
} from '../../../contract/values-core';

/** What the pair features read about a member (profile columns; never free text). */
export type PairProfile = {
  gender: string;
  birthday: string;
  city: string | null;
  lat: number | null;
  lng: number | null;
  interests: readonly string[];
  smoking: string | null;
  drinking: string | null;
  lookingFor: string | null;
  /** 가치관 answers by question (answerMap); absent or empty: the values features are neutral (0). */
  values?: ReadonlyMap<number, ValueAnswer>;
};

/** Feature names, in the order of pairFeatures' output (the stored weights are keyed by name). */
export const PAIR_FEATURES = [
  'sharedInterests', // |mine ∩ theirs| / |mine ∪ theirs|
  'myInterestShare', // share of the liker's interests the other has
  'ageGap', // years apart / 10
  'km', // km between (cell centres) / 100, when both have coordinates
  'logKm', // ln(1 + km) / 5
  'noCoordinates', // either side has no coordinates
  'sameProvince', // same 시/도
  'smokerForNonSmoker', // the other smokes, the liker does not
  'smokerForSmoker', // both smoke
  'sameDrinking', // the same drinking answer
  'drinkingApart', // 마시지 않아요 against 자주 마셔요
  'goalClash', // 진지한 연애 against 편한 친구
  'sameGoal', // the same relationship goal (not 아직 모르겠어요)
  'valuesSatisfied', // how well the other's 가치관 answers satisfy the liker, − 0.5, shrunk by n/(n+3); 0 below the 궁합 minimum
  'compatibility', // 궁합 % / 100 − 0.5 (the same both ways); 0 when null (too few shared questions)
] as const;

export const PAIR_FEATURE_COUNT = PAIR_FEATURES.length;

/**
 * The learned pair part: an intercept and one weight per PAIR_FEATURES entry, shared by everybody;
 * `slopes` lists the features (indexes into PAIR_FEATURES, −1 = a name this code does not know)
 * on which each member also has a slope of their own (stored after the liker bias in their taste
 * vector, in this order): the liker's own weight on distance, age gap or shared interests.
 */
export type PairModel = { intercept: number; weights: Float64Array; slopes: number[] };

export const emptyPairModel = (): PairModel => ({
  intercept: 0,
  weights: new Float64Array(PAIR_FEATURE_COUNT),
  slopes: [],
});

const rad = Math.PI / 180;
function km(a: PairProfile, b: PairProfile): number {
  const h =
    Math.sin((((b.lat ?? 0) - (a.lat ?? 0)) * rad) / 2) ** 2 +
    Math.cos((a.lat ?? 0) * rad) *
      Math.cos((b.lat ?? 0) * rad) *
      Math.sin((((b.lng ?? 0) - (a.lng ?? 0)) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const smokes = (s: string | null): boolean => s === 'YES' || s === 'SOMETIMES';
const DRINK_LEVEL: Record<string, number> = { NO: 0, SOMETIMES: 1, OFTEN: 2 };
const YEAR_MS = 365.25 * 86_400_000;

/** Writes the features of "`from` looks at `to`" into `out` (length PAIR_FEATURE_COUNT). */
export function pairFeatures(from: PairProfile, to: PairProfile, out: Float64Array | Float32Array): void {
  let both = 0;
  if (from.interests.length && to.interests.length) {
    const theirs = new Set(to.interests);
    for (const t of from.interests) if (theirs.has(t)) both += 1;
  }
  const either = from.interests.length + to.interests.length - both;
  out[0] = either > 0 ? both / either : 0;
  out[1] = from.interests.length > 0 ? both / from.interests.length : 0;
  const gap = Math.abs(Date.parse(from.birthday) - Date.parse(to.birthday)) / YEAR_MS;
  out[2] = Number.isFinite(gap) ? gap / 10 : 0;
  const coords = from.lat !== null && from.lng !== null && to.lat !== null && to.lng !== null;
  const d = coords ? km(from, to) : 0;
  out[3] = d / 100;
  out[4] = Math.log1p(d) / 5;
  out[5] = coords ? 0 : 1;
  out[6] = from.city !== null && from.city === to.city ? 1 : 0;
  const answeredSmoking = from.smoking !== null && to.smoking !== null;
  out[7] = answeredSmoking && smokes(to.smoking) && !smokes(from.smoking) ? 1 : 0;
  out[8] = answeredSmoking && smokes(to.smoking) && smokes(from.smoking) ? 1 : 0;
  const a = from.drinking !== null ? DRINK_LEVEL[from.drinking] : undefined;
  const b = to.drinking !== null ? DRINK_LEVEL[to.drinking] : undefined;
  out[9] = a !== undefined && a === b ? 1 : 0;
  out[10] = a !== undefined && b !== undefined && Math.abs(a - b) === 2 ? 1 : 0;
  const g1 = from.lookingFor;
  const g2 = to.lookingFor;
  out[11] = (g1 === 'SERIOUS' && g2 === 'FRIENDS') || (g1 === 'FRIENDS' && g2 === 'SERIOUS') ? 1 : 0;
  out[12] = g1 !== null && g1 !== 'UNSURE' && g1 === g2 ? 1 : 0;
  const va = from.values;
  const vb = to.values;
  const shared = va && vb && va.size > 0 && vb.size > 0 ? sharedQuestions(va, vb) : 0;
  if (va && vb && shared >= COMPATIBILITY_MIN_SHARED) {
    out[13] = (satisfaction(va, vb) - 0.5) * (shared / (shared + 3));
    out[14] = (compatibilityOf(va, vb) ?? 50) / 100 - 0.5;
  } else {
    out[13] = 0;
    out[14] = 0;
  }
}

const scratch = new Float64Array(PAIR_FEATURE_COUNT);

/**
 * intercept + weights · features(from → to), plus the liker's own slopes (`fromSlopes`, in the
 * order of model.slopes) on their features when given.
 */
export function pairLogit(
  model: PairModel,
  from: PairProfile,
  to: PairProfile,
  fromSlopes?: Float32Array | null,
): number {
  pairFeatures(from, to, scratch);
  let s = model.intercept;
  for (let i = 0; i < PAIR_FEATURE_COUNT; i++) s += (model.weights[i] ?? 0) * (scratch[i] ?? 0);
  if (fromSlopes) {
    const n = Math.min(fromSlopes.length, model.slopes.length);
    for (let j = 0; j < n; j++) {
      const at = model.slopes[j] ?? -1;
      if (at >= 0) s += (fromSlopes[j] ?? 0) * (scratch[at] ?? 0);
    }
  }
  return s;
}

/** The stored form: JSON keyed by feature name, so a renamed or new feature simply weighs 0. */
export function encodePairModel(model: PairModel): string {
  const weights: Record<string, number> = {};
  PAIR_FEATURES.forEach((name, i) => (weights[name] = Math.round((model.weights[i] ?? 0) * 1e6) / 1e6));
  const slopes = model.slopes.map((i) => PAIR_FEATURES[i] ?? '');
  return JSON.stringify({ intercept: Math.round(model.intercept * 1e6) / 1e6, weights, slopes });
}

export function decodePairModel(text: string | null | undefined): PairModel | null {
  if (!text) return null;
  try {
    const j = JSON.parse(text) as { intercept?: unknown; weights?: Record<string, unknown>; slopes?: unknown };
    const model = emptyPairModel();
    model.intercept = typeof j.intercept === 'number' && Number.isFinite(j.intercept) ? j.intercept : 0;
    PAIR_FEATURES.forEach((name, i) => {
      const w = j.weights?.[name];
      model.weights[i] = typeof w === 'number' && Number.isFinite(w) ? w : 0;
    });
    // By position (the members' slopes are stored in this order); an unknown name keeps its place.
    if (Array.isArray(j.slopes))
      model.slopes = j.slopes.map((name) => PAIR_FEATURES.indexOf(name as (typeof PAIR_FEATURES)[number]));
    return model;
  } catch {
    return null;
  }
}
