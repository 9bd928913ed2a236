// Reciprocal matrix factorisation (docs/matching.md "What the recommender learns"): every member
// gets a "who I like" vector (taste) and a "who likes me" vector (appeal) plus an appeal bias,
// so that P(u likes v | v shown to u) = σ(taste_u · appeal_v + bias_v). Both vectors are a
// member's own free part plus the mean of their attributes' parts (interests, MBTI letters,
// smoking, drinking, 찾는 관계, gender, age band), so attribute-pair affinities ("people who
// drink often like people who drink often") are learned from behaviour and shared across
// members. Trained by logistic SGD on observed positives (hearts, chat requests, accepts) and
// negatives (cards passed over, rejects) plus sampled negatives. The reciprocal score is the
// harmonic mean of both directions, as in Neve & Palomares, "Latent factor models and
// aggregation operators for collaborative filtering in reciprocal recommender systems"
// (RecSys 2019). Pure code: no SQL, no clock — the daily job and the benchmark call it.

/** One observed act: `from` showed interest in `to` (label 1) or passed / rejected (label 0). */
export type TrainEvent = { from: number; to: number; label: 0 | 1; weight: number };

export type TrainOptions = {
  dim: number;
  epochs: number;
  learningRate: number;
  /** L2 on every parameter. */
  regularisation: number;
  /** Random members sampled as "not chosen" per positive event. */
  sampledNegatives: number;
  /** Free per-member vectors on top of the attribute parts (off: attributes and biases only). */
  memberFactors: boolean;
  /** Attribute parts are summed and divided by (token count)^this: 1 = mean, 0.5 = LightFM-like. */
  attributeNorm: number;
  seed: number;
};

export const DEFAULT_TRAIN_OPTIONS: TrainOptions = {
  dim: 8,
  // Few, gentle epochs: with ~20 events a member, more training overfits (benchmark, docs/matching.md).
  epochs: 6,
  learningRate: 0.02,
  regularisation: 0.03,
  sampledNegatives: 1,
  memberFactors: true,
  attributeNorm: 1,
  seed: 1,
};

/** A trained member: effective vectors (own + attributes) ready for scoring. */
export type MemberVector = { taste: Float32Array; appeal: Float32Array; bias: number; events: number };

export type TrainResult = { vectors: Map<number, MemberVector>; lossByEpoch: number[] };

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
  for (let i = 0; i < a.length; i++) s += (a[i] ?? 0) * (b[i] ?? 0);
  return s;
}

/** P(u likes v) under the model. */
export const likeScore = (u: MemberVector, v: MemberVector): number => sigmoid(dot(u.taste, v.appeal) + v.bias);

/** Both directions, combined by a harmonic mean: high only when both are. */
export function reciprocalScore(u: MemberVector, v: MemberVector): number {
  const a = likeScore(u, v);
  const b = likeScore(v, u);
  return a + b > 0 ? (2 * a * b) / (a + b) : 0;
}

type Params = { taste: Float32Array[]; appeal: Float32Array[]; bias: Float64Array };

function initParams(n: number, dim: number, rnd: () => number): Params {
  const vec = () => Float32Array.from({ length: dim }, () => (rnd() - 0.5) * 0.1);
  return {
    taste: Array.from({ length: n }, vec),
    appeal: Array.from({ length: n }, vec),
    bias: new Float64Array(n),
  };
}

/**
 * Trains on `events`. `attributes` maps a member to their attribute tokens (any strings; a
 * member without an entry has none). Deterministic for a given seed and event order.
 */
export function trainReciprocalMF(
  events: readonly TrainEvent[],
  attributes: ReadonlyMap<number, readonly string[]>,
  options: Partial<TrainOptions> = {},
): TrainResult {
  const o = { ...DEFAULT_TRAIN_OPTIONS, ...options };
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
  const samples = events.map((e) => {
    const f = indexOf(e.from);
    const t = indexOf(e.to);
    counts[f] = (counts[f] ?? 0) + 1;
    counts[t] = (counts[t] ?? 0) + 1;
    return { f, t, label: e.label, weight: e.weight };
  });
  const tokenIndex = new Map<string, number>();
  const memberTokens: Int32Array[] = ids.map((id) => {
    const tokens = attributes.get(id) ?? [];
    return Int32Array.from(tokens, (tok) => {
      let k = tokenIndex.get(tok);
      if (k === undefined) {
        k = tokenIndex.size;
        tokenIndex.set(tok, k);
      }
      return k;
    });
  });
  const own = initParams(ids.length, o.dim, rnd);
  const attr = initParams(tokenIndex.size, o.dim, rnd);
  // Targets anyone acted on: the pool sampled negatives come from.
  const targets = Int32Array.from(new Set(samples.map((s) => s.t)));

  const tasteOf = new Float32Array(o.dim);
  const appealOf = new Float32Array(o.dim);
  const effective = (p: 'taste' | 'appeal', m: number, out: Float32Array): void => {
    const base = own[p][m];
    const toks = memberTokens[m];
    out.set(base ?? new Float32Array(o.dim));
    if (!toks || toks.length === 0) return;
    const w = 1 / Math.pow(toks.length, o.attributeNorm);
    for (const k of toks) {
      const a = attr[p][k];
      if (!a) continue;
      for (let i = 0; i < o.dim; i++) out[i] = (out[i] ?? 0) + w * (a[i] ?? 0);
    }
  };
  const attrBias = (m: number): number => {
    const toks = memberTokens[m];
    if (!toks || toks.length === 0) return 0;
    let s = 0;
    for (const k of toks) s += attr.bias[k] ?? 0;
    return s / Math.pow(toks.length, o.attributeNorm);
  };

  const lr = o.learningRate;
  const reg = o.regularisation;
  const step = (f: number, t: number, label: number, weight: number): number => {
    effective('taste', f, tasteOf);
    effective('appeal', t, appealOf);
    const s = dot(tasteOf, appealOf) + (own.bias[t] ?? 0) + attrBias(t);
    const p = sigmoid(s);
    const g = weight * (label - p);
    const loss = -weight * (label ? Math.log(p + 1e-12) : Math.log(1 - p + 1e-12));
    // Own parts.
    const ft = own.taste[f];
    const ta = own.appeal[t];
    if (ft && ta && o.memberFactors) {
      for (let i = 0; i < o.dim; i++) {
        ft[i] = (ft[i] ?? 0) + lr * (g * (appealOf[i] ?? 0) - reg * (ft[i] ?? 0));
        ta[i] = (ta[i] ?? 0) + lr * (g * (tasteOf[i] ?? 0) - reg * (ta[i] ?? 0));
      }
    }
    own.bias[t] = (own.bias[t] ?? 0) + lr * (g - reg * (own.bias[t] ?? 0));
    // Attribute parts, each with its share of the member's vector.
    const ftoks = memberTokens[f];
    if (ftoks && ftoks.length) {
      const w = 1 / Math.pow(ftoks.length, o.attributeNorm);
      for (const k of ftoks) {
        const a = attr.taste[k];
        if (!a) continue;
        for (let i = 0; i < o.dim; i++) a[i] = (a[i] ?? 0) + lr * (w * g * (appealOf[i] ?? 0) - reg * (a[i] ?? 0));
      }
    }
    const ttoks = memberTokens[t];
    if (ttoks && ttoks.length) {
      const w = 1 / Math.pow(ttoks.length, o.attributeNorm);
      for (const k of ttoks) {
        const a = attr.appeal[k];
        if (a)
          for (let i = 0; i < o.dim; i++) a[i] = (a[i] ?? 0) + lr * (w * g * (tasteOf[i] ?? 0) - reg * (a[i] ?? 0));
        attr.bias[k] = (attr.bias[k] ?? 0) + lr * (w * g - reg * (attr.bias[k] ?? 0));
      }
    }
    return loss;
  };

  const order = Int32Array.from(samples.keys());
  const lossByEpoch: number[] = [];
  for (let epoch = 0; epoch < o.epochs; epoch++) {
    // Fisher–Yates with the seeded generator: a fresh order each epoch.
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      const x = order[i] ?? 0;
      order[i] = order[j] ?? 0;
      order[j] = x;
    }
    let total = 0;
    let weight = 0;
    for (const k of order) {
      const s = samples[k];
      if (!s) continue;
      total += step(s.f, s.t, s.label, s.weight);
      weight += s.weight;
      if (s.label === 1) {
        for (let n = 0; n < o.sampledNegatives && targets.length > 1; n++) {
          const other = targets[Math.floor(rnd() * targets.length)] ?? s.t;
          if (other === s.t || other === s.f) continue;
          total += step(s.f, other, 0, 0.5);
          weight += 0.5;
        }
      }
    }
    lossByEpoch.push(weight > 0 ? total / weight : 0);
  }

  const vectors = new Map<number, MemberVector>();
  ids.forEach((id, m) => {
    const taste = new Float32Array(o.dim);
    const appeal = new Float32Array(o.dim);
    effective('taste', m, taste);
    effective('appeal', m, appeal);
    vectors.set(id, { taste, appeal, bias: (own.bias[m] ?? 0) + attrBias(m), events: counts[m] ?? 0 });
  });
  return { vectors, lossByEpoch };
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
