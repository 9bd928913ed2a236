import { describe, expect, it } from 'vitest';
import { BLEND, blendScores, confidence, learnedWeight } from './blend';
import { attributeTokens } from './features';
import {
  decodeVector,
  encodeVector,
  likeScore,
  prng,
  reciprocalScore,
  trainReciprocalMF,
  type TrainEvent,
} from './train';

/**
 * A tiny world: 20 "A" members and 20 "B" members. Every A likes B members who drink often and
 * passes the others; B members like A members with MBTI E. Each member is seen only a few times.
 */
function plantedWorld(seed: number) {
  const rnd = prng(seed);
  const attrs = new Map<number, string[]>();
  const drinks = (id: number) => id % 2 === 0; // B ids 100..119: even ids drink often
  const extrovert = (id: number) => id % 3 === 0;
  for (let a = 1; a <= 20; a++)
    attrs.set(
      a,
      attributeTokens({ gender: 'M', birthday: '1995-01-01', interests: [], mbti: extrovert(a) ? 'ENFP' : 'ISTJ' }),
    );
  for (let b = 100; b < 120; b++)
    attrs.set(
      b,
      attributeTokens({ gender: 'F', birthday: '1996-01-01', interests: [], drinking: drinks(b) ? 'OFTEN' : 'NO' }),
    );
  const events: TrainEvent[] = [];
  for (let a = 1; a <= 20; a++) {
    for (let k = 0; k < 8; k++) {
      const b = 100 + Math.floor(rnd() * 20);
      events.push({ from: a, to: b, label: drinks(b) ? 1 : 0, weight: 1 });
      events.push({ from: b, to: a, label: extrovert(a) ? 1 : 0, weight: 1 });
    }
  }
  return { attrs, events, drinks, extrovert };
}

describe('reciprocal matrix factorisation', () => {
  it('lowers the training loss', () => {
    const { attrs, events } = plantedWorld(3);
    const { lossByEpoch } = trainReciprocalMF(events, attrs, { epochs: 15, seed: 2 });
    expect(lossByEpoch).toHaveLength(15);
    expect(lossByEpoch[14]!).toBeLessThan(lossByEpoch[0]! * 0.7);
  });

  it('recovers a planted preference, both ways, and for a pair never seen together', () => {
    const { attrs, events, drinks, extrovert } = plantedWorld(5);
    const { vectors } = trainReciprocalMF(events, attrs, { epochs: 30, seed: 4 });
    const seen = new Set(events.map((e) => `${e.from}:${e.to}`));
    let right = 0;
    let total = 0;
    for (let a = 1; a <= 20; a++) {
      for (let b1 = 100; b1 < 120; b1++) {
        for (let b2 = 100; b2 < 120; b2++) {
          if (drinks(b1) === drinks(b2) || seen.has(`${a}:${b1}`) || seen.has(`${a}:${b2}`)) continue;
          const [good, bad] = drinks(b1) ? [b1, b2] : [b2, b1];
          total += 1;
          if (likeScore(vectors.get(a)!, vectors.get(good)!) > likeScore(vectors.get(a)!, vectors.get(bad)!))
            right += 1;
        }
      }
    }
    expect(total).toBeGreaterThan(50);
    expect(right / total).toBeGreaterThan(0.9);
    // The other direction: B members prefer extroverts.
    const b = vectors.get(104)!;
    const e = [...vectors].filter(([id]) => id <= 20 && extrovert(id)).map(([, v]) => likeScore(b, v));
    const i = [...vectors].filter(([id]) => id <= 20 && !extrovert(id)).map(([, v]) => likeScore(b, v));
    expect(Math.min(...e)).toBeGreaterThan(Math.max(...i));
    // Reciprocal: an extrovert A with a drinking B beats an introvert A with a drinking B.
    expect(reciprocalScore(vectors.get(3)!, vectors.get(104)!)).toBeGreaterThan(
      reciprocalScore(vectors.get(4)!, vectors.get(104)!),
    );
  });

  it('counts events per member and is deterministic for a seed', () => {
    const { attrs, events } = plantedWorld(7);
    const one = trainReciprocalMF(events, attrs, { epochs: 3, seed: 9 });
    const two = trainReciprocalMF(events, attrs, { epochs: 3, seed: 9 });
    expect([...one.vectors.get(1)!.taste]).toEqual([...two.vectors.get(1)!.taste]);
    expect(one.vectors.get(1)!.events).toBe(events.filter((e) => e.from === 1 || e.to === 1).length);
  });

  it('round-trips vectors through base64 text', () => {
    const v = Float32Array.from([0.5, -1.25, 3, 0, 1e-3, -7, 2, 0.125]);
    const text = encodeVector(v);
    expect(text).toHaveLength(44);
    expect([...decodeVector(text)]).toEqual([...v]);
  });
});

describe('blending with the formula (cold start)', () => {
  const vec = (events: number, x: number) => ({
    taste: Float32Array.from([x, 0]),
    appeal: Float32Array.from([x, 0]),
    bias: 0,
    events,
  });

  it('gives no weight below the minimum history, full weight from fullEvents on', () => {
    expect(confidence(BLEND.minEvents - 1)).toBe(0);
    expect(confidence(BLEND.fullEvents)).toBe(1);
    expect(learnedWeight(vec(100, 1), vec(BLEND.minEvents - 1, 1))).toBe(0);
    expect(learnedWeight(null, vec(100, 1))).toBe(0);
    expect(learnedWeight(vec(100, 1), vec(100, 1))).toBeCloseTo(BLEND.maxWeight);
    expect(learnedWeight(vec(BLEND.minEvents, 1), vec(100, 1))).toBeGreaterThan(0);
    expect(learnedWeight(vec(BLEND.minEvents, 1), vec(100, 1))).toBeLessThan(
      learnedWeight(vec(BLEND.fullEvents - 1, 1), vec(100, 1)),
    );
  });

  it('keeps formula scores exactly when the viewer or a candidate has too little history', () => {
    const formula = new Map([
      [1, 0.6],
      [2, 0.4],
      [3, 0.5],
    ]);
    expect(blendScores(formula, undefined)).toEqual(formula);
    expect(blendScores(formula, { viewer: vec(2, 1), candidates: new Map([[1, vec(100, -3)]]) })).toEqual(formula);
    const mixed = blendScores(formula, {
      viewer: vec(100, 2),
      candidates: new Map([
        [1, vec(100, -2)], // learned: they do not fit
        [2, vec(100, 2)], // learned: a strong fit
        [3, vec(1, 2)], // too little history: formula
      ]),
    });
    expect(mixed.get(3)).toBe(0.5);
    expect(mixed.get(2)!).toBeGreaterThan(mixed.get(1)!);
  });
});
