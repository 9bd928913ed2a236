// Reciprocal matrix factorisation with pair features (docs/matching.md "What the recommender
// learns"). P(u likes v | v shown to u) = σ(pair(u, v) + taste_u · appeal_v + liker_u + bias_v):
//  - pair(u, v): an intercept plus learned weights on what depends on the two together — shared
//    interests, age gap, distance, smoking / drinking / 찾는 관계 compatibility (pair.ts);
//  - taste ("who I like") and appeal ("who likes me") vectors, each a member's own free part plus
//    the mean of their attributes' parts (interests, MBTI letters, smoking, drinking, 찾는 관계,
//    gender, age band), so attribute-pair affinities carry over to members with little history;
//  - liker_u: how readily u likes anyone; bias_v: how readily anyone likes v.
// Trained by logistic SGD on observed positives (hearts, chat requests, accepts) and negatives
// (cards passed over, rejects) plus sampled negatives; the number of epochs is chosen on a
// held-out share of the events (early stopping on its loss). The reciprocal score is the product
// of both directions — the probability that both like each other — one of the aggregation
// operators of Neve & Palomares, "Latent factor models and aggregation operators for
// collaborative filtering in reciprocal recommender systems" (RecSys 2019). Pure code: no SQL,
// no clock — the daily job and the benchmark call it.
import {
  PAIR_FEATURES,
  PAIR_FEATURE_COUNT,
  emptyPairModel,
  pairFeatures,
  pairLogit,
  type PairModel,
  type PairProfile,
} from './pair';

const MBTI_AXES = ['EI', 'SN', 'TF', 'JP'] as const;

/** One observed act: `from` showed interest in `to` (label 1) or passed / rejected (label 0). */
export type TrainEvent = { from: number; to: number; label: 0 | 1; weight: number };

export type TrainOptions = {
  /**
   * Stored vector length: dim − 1 latent entries (the first 4 the MBTI axes, see mbtiAxes) plus
   * the liker bias (taste) / a constant 1 (appeal). 8 = 4 axes + 3 free factors + 1: 12 or 19
   * (with lifestyle answers as fixed axes too) did no better on the validation seeds.
   */
  dim: number;
  /** At most this many epochs (fewer when the held-out loss stops falling). */
  epochs: number;
  learningRate: number;
  /** L2 on every member and attribute parameter. */
  regularisation: number;
  /** L2 on the pair weights (shared by everybody: little is needed). */
  pairRegularisation: number;
  /** Random members of the target's gender sampled as "not chosen" per positive event. */
  sampledNegatives: number;
  /** Weight of a sampled negative. */
  sampledNegativeWeight: number;
  /** Free per-member vectors on top of the attribute parts (off: attributes and biases only). */
  memberFactors: boolean;
  /**
   * The first 4 appeal entries are the member's own MBTI axes (+1 E/S/T/J, −1 I/N/F/P, 0 when
   * unanswered), fixed, so the first 4 taste entries are the liker's own learned preference per
   * axis — a per-member logistic weight on the other's type, which latent factors learn slowly.
   */
  mbtiAxes: boolean;
  /**
   * Pair features on which every member also learns a slope of their own (on top of the shared
   * weight): how much distance, the age gap or shared interests matter to *this* member. Stored
   * after the liker bias in the taste vector; [] = shared weights only.
   */
  memberSlopes: readonly (typeof PAIR_FEATURES)[number][];
  /** L2 on the members' own slopes: pulls a member with little history to the shared weight. */
  slopeRegularisation: number;
  /** Attribute parts are summed and divided by (token count)^this: 1 = mean, 0.5 = LightFM-like. */
  attributeNorm: number;
  /** Share of member pairs held out to choose the number of epochs (0: train all epochs on everything). */
  validationShare: number;
  /** Stop after this many epochs without a better held-out loss. */
  patience: number;
  seed: number;
};

export const DEFAULT_TRAIN_OPTIONS: TrainOptions = {
  dim: 8,
  epochs: 16,
  learningRate: 0.03,
  regularisation: 0.03,
  pairRegularisation: 0.001,
  sampledNegatives: 1,
  sampledNegativeWeight: 0.5,
  memberFactors: true,
  mbtiAxes: true,
  memberSlopes: ['sharedInterests', 'ageGap', 'logKm'],
  slopeRegularisation: 0.1,
  attributeNorm: 1,
  validationShare: 0.1,
  patience: 2,
  seed: 1,
};

/**
 * A trained member: effective vectors (own + attributes) ready for scoring. taste's last entry
 * is the liker bias and appeal's last entry is 1, so taste_u · appeal_v already includes liker_u.
 */
export type MemberVector = {
  taste: Float32Array;
  appeal: Float32Array;
  bias: number;
  events: number;
  /** The member's own slopes on the pair features PairModel.slopes names (absent: none). */
  slopes?: Float32Array;
};

export type TrainResult = {
  vectors: Map<number, MemberVector>;
  pair: PairModel;
  /** Training loss (weighted log loss) of each epoch run. */
  lossByEpoch: number[];
  /** Held-out loss after each epoch (empty without a validation share). */
  validationByEpoch: number[];
  /** Epochs of the kept parameters. */
  epochs: number;
};

/** Small deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

export function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) s += (a[i] ?? 0) * (b[i] ?? 0);
  return s;
}

/** P(u likes v) under the model; `pair` = pairLogit(model, u, v) (0 without pair features). */
export const likeScore = (u: MemberVector, v: MemberVector, pair = 0): number =>
  sigmoid(pair + dot(u.taste, v.appeal) + v.bias);

/** P(both like each other) = P(u likes v) × P(v likes u): high only when both are. */
export function reciprocalScore(u: MemberVector, v: MemberVector, pairUV = 0, pairVU = 0): number {
  return likeScore(u, v, pairUV) * likeScore(v, u, pairVU);
}

/** Deterministic hash of a member pair in [0, 1): which pairs are held out for validation. */
function pairHash(a: number, b: number, seed: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b ^ seed, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x45d9f3b);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/**
 * Trains on `events`. `attributes` maps a member to their attribute tokens (any strings; a
 * member without an entry has none); `profiles` (optional) gives the pair features' inputs —
 * without them the pair part stays at its intercept. Deterministic for a seed and event order.
 */
export function trainReciprocalMF(
  events: readonly TrainEvent[],
  attributes: ReadonlyMap<number, readonly string[]>,
  options: Partial<TrainOptions> = {},
  profiles?: ReadonlyMap<number, PairProfile>,
): TrainResult {
  const o = { ...DEFAULT_TRAIN_OPTIONS, ...options };
  const k = Math.max(1, o.dim - 1);
  const F = PAIR_FEATURE_COUNT;
  const hasPair = profiles !== undefined;
  // Features with a slope per member (indexes into the pair features).
  const slopeAt = hasPair ? o.memberSlopes.map((name) => PAIR_FEATURES.indexOf(name)).filter((i) => i >= 0) : [];
  const S = slopeAt.length;
  const rnd = prng(o.seed);
  // Dense indexes for members and attribute tokens.
  const memberIndex = new Map<number, number>();
  const ids: number[] = [];
  const counts: number[] = [];
  const indexOf = (id: number): number => {
    let i = memberIndex.get(id);
    if (i === undefined) {
      i = ids.length;
      memberIndex.set(id, i);
      ids.push(id);
      counts.push(0);
    }
    return i;
  };
  const all = events.map((e) => {
    const f = indexOf(e.from);
    const t = indexOf(e.to);
    counts[f] = (counts[f] ?? 0) + 1;
    counts[t] = (counts[t] ?? 0) + 1;
    return { f, t, label: e.label, weight: e.weight, held: pairHash(e.from, e.to, o.seed) < o.validationShare };
  });
  const n = ids.length;
  const tokenIndex = new Map<string, number>();
  const gender: string[] = [];
  const memberTokens: Int32Array[] = ids.map((id, m) => {
    const tokens = attributes.get(id) ?? [];
    gender[m] = profiles?.get(id)?.gender ?? tokens.find((x) => x.startsWith('g:'))?.slice(2) ?? '';
    return Int32Array.from(tokens, (tok) => {
      let x = tokenIndex.get(tok);
      if (x === undefined) {
        x = tokenIndex.size;
        tokenIndex.set(tok, x);
      }
      return x;
    });
  });
  const tokenShare = memberTokens.map((toks) => (toks.length ? 1 / Math.pow(toks.length, o.attributeNorm) : 0));
  const profileOf: (PairProfile | undefined)[] = ids.map((id) => profiles?.get(id));
  const T = tokenIndex.size;

  // Parameters, flat: own and attribute parts of taste / appeal (k each), liker bias, appeal bias.
  const init = (len: number) => Float64Array.from({ length: len }, () => (rnd() - 0.5) * 0.1);
  const p = {
    ownTaste: init(n * k),
    ownAppeal: init(n * k),
    ownLiker: new Float64Array(n),
    ownBias: new Float64Array(n),
    attrTaste: init(T * k),
    attrAppeal: init(T * k),
    attrLiker: new Float64Array(T),
    attrBias: new Float64Array(T),
    pair: new Float64Array(F + 1), // [intercept, weights…]
    ownSlope: new Float64Array(n * S),
  };
  type Params = typeof p;
  const snapshot = (from: Params): Params =>
    Object.fromEntries(Object.entries(from).map(([key, v]) => [key, Float64Array.from(v)])) as Params;

  // Pair features of the observed events, computed once.
  const feats = new Float64Array(all.length * F);
  if (hasPair) {
    const out = new Float64Array(F);
    all.forEach((s, i) => {
      const a = profileOf[s.f];
      const b = profileOf[s.t];
      if (!a || !b) return;
      pairFeatures(a, b, out);
      feats.set(out, i * F);
    });
  }
  const negFeats = new Float64Array(F);

  // Targets anyone acted on, by gender: the pool sampled negatives come from.
  const targetsByGender = new Map<string, number[]>();
  for (const t of new Set(all.map((s) => s.t))) {
    const g = gender[t] ?? '';
    const list = targetsByGender.get(g);
    if (list) list.push(t);
    else targetsByGender.set(g, [t]);
  }

  // Fixed appeal entries: each member's MBTI axes (see TrainOptions.mbtiAxes).
  const M = o.mbtiAxes ? Math.min(4, k) : 0;
  const fixedAppeal = new Float64Array(n * M);
  if (M > 0)
    memberTokens.forEach((_, m) => {
      for (const tok of attributes.get(ids[m] ?? -1) ?? []) {
        if (!tok.startsWith('mbti:')) continue;
        const letter = tok.slice(5);
        for (let axis = 0; axis < M; axis++) {
          const pair = MBTI_AXES[axis] ?? '';
          if (letter === pair[0]) fixedAppeal[m * M + axis] = 1;
          else if (letter === pair[1]) fixedAppeal[m * M + axis] = -1;
        }
      }
    });

  const tasteOf = new Float64Array(k);
  const appealOf = new Float64Array(k);
  const effective = (own: Float64Array, attr: Float64Array, m: number, out: Float64Array): void => {
    for (let i = 0; i < k; i++) out[i] = own[m * k + i] ?? 0;
    const toks = memberTokens[m];
    const w = tokenShare[m] ?? 0;
    if (!toks) return;
    for (const x of toks) for (let i = 0; i < k; i++) out[i] = (out[i] ?? 0) + w * (attr[x * k + i] ?? 0);
  };
  const appealVector = (m: number, out: Float64Array): void => {
    effective(p.ownAppeal, p.attrAppeal, m, out);
    for (let i = 0; i < M; i++) out[i] = fixedAppeal[m * M + i] ?? 0;
  };
  const scalar = (own: Float64Array, attr: Float64Array, m: number): number => {
    let s = own[m] ?? 0;
    const toks = memberTokens[m];
    const w = tokenShare[m] ?? 0;
    if (toks) for (const x of toks) s += w * (attr[x] ?? 0);
    return s;
  };
  const logit = (f: number, t: number, x: Float64Array, at: number): number => {
    effective(p.ownTaste, p.attrTaste, f, tasteOf);
    appealVector(t, appealOf);
    let s = (p.pair[0] ?? 0) + scalar(p.ownLiker, p.attrLiker, f) + scalar(p.ownBias, p.attrBias, t);
    for (let i = 0; i < F; i++) s += (p.pair[i + 1] ?? 0) * (x[at + i] ?? 0);
    for (let j = 0; j < S; j++) s += (p.ownSlope[f * S + j] ?? 0) * (x[at + (slopeAt[j] ?? 0)] ?? 0);
    for (let i = 0; i < k; i++) s += (tasteOf[i] ?? 0) * (appealOf[i] ?? 0);
    return s;
  };
  const lossOf = (label: number, q: number, weight: number): number =>
    -weight * (label ? Math.log(q + 1e-12) : Math.log(1 - q + 1e-12));

  const lr = o.learningRate;
  const reg = o.regularisation;
  const step = (f: number, t: number, label: number, weight: number, x: Float64Array, at: number): number => {
    const q = sigmoid(logit(f, t, x, at));
    const g = weight * (label - q);
    // Pair part (shared).
    p.pair[0] = (p.pair[0] ?? 0) + lr * g;
    if (hasPair)
      for (let i = 0; i < F; i++) {
        const w = p.pair[i + 1] ?? 0;
        p.pair[i + 1] = w + lr * (g * (x[at + i] ?? 0) - o.pairRegularisation * w);
      }
    // The liker's own slopes (shrunk toward the shared weight by their L2).
    for (let j = 0; j < S; j++) {
      const w = p.ownSlope[f * S + j] ?? 0;
      p.ownSlope[f * S + j] = w + lr * (g * (x[at + (slopeAt[j] ?? 0)] ?? 0) - o.slopeRegularisation * w);
    }
    // Own parts.
    if (o.memberFactors) {
      for (let i = 0; i < k; i++) {
        const a = p.ownTaste[f * k + i] ?? 0;
        const b = p.ownAppeal[t * k + i] ?? 0;
        p.ownTaste[f * k + i] = a + lr * (g * (appealOf[i] ?? 0) - reg * a);
        if (i >= M) p.ownAppeal[t * k + i] = b + lr * (g * (tasteOf[i] ?? 0) - reg * b);
      }
    }
    p.ownLiker[f] = (p.ownLiker[f] ?? 0) + lr * (g - reg * (p.ownLiker[f] ?? 0));
    p.ownBias[t] = (p.ownBias[t] ?? 0) + lr * (g - reg * (p.ownBias[t] ?? 0));
    // Attribute parts, each with its share of the member's vector.
    const ftoks = memberTokens[f];
    const fw = tokenShare[f] ?? 0;
    if (ftoks)
      for (const x0 of ftoks) {
        for (let i = 0; i < k; i++) {
          const a = p.attrTaste[x0 * k + i] ?? 0;
          p.attrTaste[x0 * k + i] = a + lr * (fw * g * (appealOf[i] ?? 0) - reg * a);
        }
        p.attrLiker[x0] = (p.attrLiker[x0] ?? 0) + lr * (fw * g - reg * (p.attrLiker[x0] ?? 0));
      }
    const ttoks = memberTokens[t];
    const tw = tokenShare[t] ?? 0;
    if (ttoks)
      for (const x0 of ttoks) {
        for (let i = M; i < k; i++) {
          const a = p.attrAppeal[x0 * k + i] ?? 0;
          p.attrAppeal[x0 * k + i] = a + lr * (tw * g * (tasteOf[i] ?? 0) - reg * a);
        }
        p.attrBias[x0] = (p.attrBias[x0] ?? 0) + lr * (tw * g - reg * (p.attrBias[x0] ?? 0));
      }
    return lossOf(label, q, weight);
  };

  const train = Int32Array.from(all.flatMap((s, i) => (s.held ? [] : [i])));
  const held = Int32Array.from(all.flatMap((s, i) => (s.held ? [i] : [])));
  const lossByEpoch: number[] = [];
  const validationByEpoch: number[] = [];
  /** One epoch over `order` (shuffled in place first); returns the mean training loss. */
  const runEpoch = (order: Int32Array): number => {
    // Fisher–Yates with the seeded generator: a fresh order each epoch.
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      const x = order[i] ?? 0;
      order[i] = order[j] ?? 0;
      order[j] = x;
    }
    let total = 0;
    let weight = 0;
    for (const i of order) {
      const s = all[i];
      if (!s) continue;
      total += step(s.f, s.t, s.label, s.weight, feats, i * F);
      weight += s.weight;
      if (s.label !== 1) continue;
      const pool = targetsByGender.get(gender[s.t] ?? '') ?? [];
      for (let r = 0; r < o.sampledNegatives && pool.length > 1; r++) {
        const other = pool[Math.floor(rnd() * pool.length)] ?? s.t;
        if (other === s.t || other === s.f) continue;
        const a = profileOf[s.f];
        const b = profileOf[other];
        if (a && b) pairFeatures(a, b, negFeats);
        else negFeats.fill(0);
        total += step(s.f, other, 0, o.sampledNegativeWeight, negFeats, 0);
        weight += o.sampledNegativeWeight;
      }
    }
    return weight > 0 ? total / weight : 0;
  };
  let best: { loss: number; params: Params; epoch: number } | undefined;
  for (let epoch = 0; epoch < o.epochs; epoch++) {
    lossByEpoch.push(runEpoch(train));
    if (held.length === 0) continue;
    let vTotal = 0;
    let vWeight = 0;
    for (const i of held) {
      const s = all[i];
      if (!s) continue;
      vTotal += lossOf(s.label, sigmoid(logit(s.f, s.t, feats, i * F)), s.weight);
      vWeight += s.weight;
    }
    const v = vWeight > 0 ? vTotal / vWeight : 0;
    validationByEpoch.push(v);
    if (!best || v < best.loss) best = { loss: v, params: snapshot(p), epoch: epoch + 1 };
    else if (epoch + 1 - best.epoch >= o.patience) break;
  }
  if (best) Object.assign(p, best.params);

  const vectors = new Map<number, MemberVector>();
  ids.forEach((id, m) => {
    const taste = new Float32Array(k + 1);
    const appeal = new Float32Array(k + 1);
    effective(p.ownTaste, p.attrTaste, m, tasteOf);
    appealVector(m, appealOf);
    taste.set(tasteOf);
    appeal.set(appealOf);
    taste[k] = scalar(p.ownLiker, p.attrLiker, m);
    appeal[k] = 1;
    const v: MemberVector = { taste, appeal, bias: scalar(p.ownBias, p.attrBias, m), events: counts[m] ?? 0 };
    if (S > 0) v.slopes = Float32Array.from(p.ownSlope.subarray(m * S, m * S + S));
    vectors.set(id, v);
  });
  const pair = emptyPairModel();
  pair.slopes = [...slopeAt];
  pair.intercept = p.pair[0] ?? 0;
  for (let i = 0; i < F; i++) pair.weights[i] = hasPair ? (p.pair[i + 1] ?? 0) : 0;
  return { vectors, pair, lossByEpoch, validationByEpoch, epochs: best?.epoch ?? lossByEpoch.length };
}

/** P(u likes v) with the pair part worked out from both profiles (the ranking's form). */
export function likeWithPair(
  model: PairModel,
  u: MemberVector,
  v: MemberVector,
  up: PairProfile,
  vp: PairProfile,
): number {
  return likeScore(u, v, pairLogit(model, up, vp, u.slopes));
}

/** Float32 vector ⇄ base64 text (8 numbers = 44 characters). */
export function encodeVector(v: Float32Array): string {
  const bytes = new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

export function decodeVector(text: string): Float32Array {
  const s = atob(text);
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return new Float32Array(bytes.buffer);
}
