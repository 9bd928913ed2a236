// Blending the learned score with the hand-tuned formula (docs/matching.md): the formula stays
// the cold start. The learned score's weight grows with how much behaviour both the viewer and
// the candidate have; below MIN_EVENTS on either side the formula alone decides.
import { reciprocalScore, type MemberVector } from './train';

export const BLEND = {
  /** Fewer events than this (viewer or candidate): formula only. */
  minEvents: 3,
  /** From this many events on, a side counts fully. */
  fullEvents: 8,
  /** The learned score's share when both sides count fully. */
  maxWeight: 1,
} as const;

/** 0 below minEvents, then growing linearly to 1 at fullEvents. */
export function confidence(events: number): number {
  if (events < BLEND.minEvents) return 0;
  return Math.min(1, events / BLEND.fullEvents);
}

export function learnedWeight(
  viewer: MemberVector | null | undefined,
  candidate: MemberVector | null | undefined,
): number {
  if (!viewer || !candidate) return 0;
  return BLEND.maxWeight * confidence(viewer.events) * confidence(candidate.events);
}

export type LearnedInputs = { viewer: MemberVector | null; candidates: ReadonlyMap<number, MemberVector> };

/**
 * Blended reciprocal scores. The learned reciprocal score, relative to its mean over the
 * candidates that have a weight, multiplies the formula's score raised to that weight:
 * formula × (learned / mean learned)^w. So the formula's closeness, age and activity stay in
 * the score and the learned part moves a candidate up or down by how much more (or less) likely
 * a mutual like is than for the average candidate. Candidates without a weight keep their
 * formula score exactly. (A linear mix (1 − w)·formula + w·learned did worse in the benchmark:
 * the learned part cannot see distance.)
 */
export function blendScores(
  formula: ReadonlyMap<number, number>,
  learned: LearnedInputs | undefined,
): Map<number, number> {
  const out = new Map(formula);
  if (!learned?.viewer) return out;
  const weighted: { id: number; w: number; l: number; f: number }[] = [];
  for (const [id, f] of formula) {
    const c = learned.candidates.get(id);
    const w = learnedWeight(learned.viewer, c);
    if (w > 0 && c) weighted.push({ id, w, f, l: reciprocalScore(learned.viewer, c) });
  }
  if (weighted.length === 0) return out;
  const meanF = weighted.reduce((s, x) => s + x.f, 0) / weighted.length;
  const meanL = weighted.reduce((s, x) => s + x.l, 0) / weighted.length;
  const scale = meanL > 0 ? meanF / meanL : 0;
  for (const x of weighted) out.set(x.id, x.f * Math.pow((scale * x.l) / meanF, x.w));
  return out;
}
