// Blending the learned score with the hand-tuned formula (docs/matching.md): the formula stays
// the cold start. The learned score's weight grows with how much behaviour both the viewer and
// the candidate have; below MIN_EVENTS on either side the formula alone decides.
import { reciprocalScore, type MemberVector } from './train';

export type BlendSettings = { minEvents: number; fullEvents: number; maxWeight: number };

export const BLEND: Readonly<BlendSettings> = {
  /**
   * Fewer events than this (viewer or candidate): formula only. A member without any behaviour
   * (no vectors) is the cold start; from the first event on, the shared pair weights and the
   * attribute parts already rank better than the formula (validation seeds 3,4: minEvents 1 /
   * fullEvents 2 gave 2.86× random against 2.68× with 3 / 8, docs/matching.md).
   */
  minEvents: 1,
  /** From this many events on, a side counts fully. */
  fullEvents: 2,
  /**
   * The learned score's exponent when both sides count fully: the blended score is
   * formula^(1 − w) × learned^w (each relative to its mean over the pool), w = maxWeight × the
   * confidences. Chosen on validation populations (bench:match-quality --seeds 3,4), not the
   * reported seeds.
   */
  maxWeight: 0.8,
};

/** 0 below minEvents, then growing linearly to 1 at fullEvents. */
export function confidence(events: number, settings: Readonly<BlendSettings> = BLEND): number {
  if (events < settings.minEvents) return 0;
  return Math.min(1, events / settings.fullEvents);
}

export function learnedWeight(
  viewer: MemberVector | null | undefined,
  candidate: MemberVector | null | undefined,
  settings: Readonly<BlendSettings> = BLEND,
): number {
  if (!viewer || !candidate) return 0;
  return settings.maxWeight * confidence(viewer.events, settings) * confidence(candidate.events, settings);
}

export type LearnedInputs = {
  viewer: MemberVector | null;
  candidates: ReadonlyMap<number, MemberVector>;
  /** Pair parts (model/pair.ts) per candidate: [viewer → candidate, candidate → viewer]; absent = 0. */
  pair?: ReadonlyMap<number, readonly [number, number]>;
  /** Overrides BLEND's settings (the benchmark's --tune rows); the Worker never sets it. */
  settings?: Partial<BlendSettings>;
};

/**
 * Blended reciprocal scores. The learned reciprocal score (the probability that both like each
 * other) and the formula's score, each relative to its mean over the candidates that have a
 * weight, are mixed geometrically: formula × (learned̂ / formulâ)^w, i.e. formulâ^(1 − w) ×
 * learned̂^w on the formula's scale. So a candidate moves up or down by how much more (or less)
 * likely a mutual like is than for the average candidate, and the formula's activity and
 * hearts-from-similar-members signals keep a share. Candidates without a weight keep their
 * formula score exactly.
 */
export function blendScores(
  formula: ReadonlyMap<number, number>,
  learned: LearnedInputs | undefined,
): Map<number, number> {
  const out = new Map(formula);
  if (!learned?.viewer) return out;
  const settings = { ...BLEND, ...learned.settings };
  const weighted: { id: number; w: number; l: number; f: number }[] = [];
  for (const [id, f] of formula) {
    const c = learned.candidates.get(id);
    const w = learnedWeight(learned.viewer, c, settings);
    if (w > 0 && c) {
      const [uv, vu] = learned.pair?.get(id) ?? [0, 0];
      weighted.push({ id, w, f, l: reciprocalScore(learned.viewer, c, uv, vu) });
    }
  }
  if (weighted.length === 0) return out;
  const meanF = weighted.reduce((s, x) => s + x.f, 0) / weighted.length;
  const meanL = weighted.reduce((s, x) => s + x.l, 0) / weighted.length;
  if (!(meanF > 0) || !(meanL > 0)) return out;
  for (const x of weighted) {
    if (!(x.f > 0)) continue;
    out.set(x.id, x.f * Math.pow(x.l / meanL / (x.f / meanF), x.w));
  }
  return out;
}
