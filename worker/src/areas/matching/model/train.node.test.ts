import { describe, expect, it } from 'vitest';
import { BLEND, blendScores, confidence, learnedWeight } from './blend';
import { attributeTokens } from './features';
import {
  PAIR_FEATURES,
  decodePairModel,
  emptyPairModel,
  encodePairModel,
  pairFeatures,
  pairLogit,
  type PairProfile,
} from './pair';
import { learnedInputs, parseVectorText } from './repo';
import { answerMap } from '../../../contract/values-core';
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
    const { lossByEpoch } = trainReciprocalMF(events, attrs, { epochs: 15, seed: 2, validationShare: 0 });
    expect(lossByEpoch).toHaveLength(15);
    expect(lossByEpoch[14]!).toBeLessThan(lossByEpoch[0]! * 0.7);
  });

  it('recovers a planted preference, both ways, and for a pair never seen together', () => {
    const { attrs, events, drinks, extrovert } = plantedWorld(5);
    const { vectors } = trainReciprocalMF(events, attrs, { epochs: 30, seed: 4, validationShare: 0 });
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

const profile = (over: Partial<PairProfile> = {}): PairProfile => ({
  gender: 'F',
  birthday: '1995-06-01',
  city: '서울특별시',
  lat: 37.5,
  lng: 127,
  interests: [],
  smoking: null,
  drinking: null,
  lookingFor: null,
  ...over,
});

describe('pair features', () => {
  const at = (name: (typeof PAIR_FEATURES)[number]) => PAIR_FEATURES.indexOf(name);

  it('describe the two members together, from the liker’s side', () => {
    const out = new Float64Array(PAIR_FEATURES.length);
    const me = profile({ interests: ['영화', '여행'], smoking: 'NO', drinking: 'NO', lookingFor: 'SERIOUS' });
    const them = profile({
      birthday: '1990-06-01',
      lat: 37.5 + 10 / 111.2, // ~10 km north
      interests: ['여행', '운동', '독서'],
      smoking: 'YES',
      drinking: 'OFTEN',
      lookingFor: 'FRIENDS',
    });
    pairFeatures(me, them, out);
    expect(out[at('sharedInterests')]).toBeCloseTo(1 / 4);
    expect(out[at('myInterestShare')]).toBeCloseTo(1 / 2);
    expect(out[at('ageGap')]).toBeCloseTo(0.5, 2);
    expect(out[at('km')]! * 100).toBeCloseTo(10, 0);
    expect(out[at('noCoordinates')]).toBe(0);
    expect(out[at('sameProvince')]).toBe(1);
    expect(out[at('smokerForNonSmoker')]).toBe(1);
    expect(out[at('smokerForSmoker')]).toBe(0);
    expect(out[at('sameDrinking')]).toBe(0);
    expect(out[at('drinkingApart')]).toBe(1);
    expect(out[at('goalClash')]).toBe(1);
    expect(out[at('sameGoal')]).toBe(0);
    // The other way round: they smoke, I do not — no smoker for them to weigh.
    pairFeatures(them, me, out);
    expect(out[at('smokerForNonSmoker')]).toBe(0);
    expect(out[at('myInterestShare')]).toBeCloseTo(1 / 3);
    // Unanswered details and a missing position say nothing (only "no coordinates").
    pairFeatures(profile(), profile({ lat: null, lng: null, city: '부산광역시' }), out);
    expect(out[at('noCoordinates')]).toBe(1);
    expect(out[at('km')]).toBe(0);
    expect(out[at('sameProvince')]).toBe(0);
    for (const name of ['smokerForNonSmoker', 'sameDrinking', 'drinkingApart', 'goalClash', 'sameGoal'] as const)
      expect(out[at(name)]).toBe(0);
  });

  it('read 가치관 answers: how well the other satisfies the liker, and 궁합; neutral without enough shared answers', () => {
    const out = new Float64Array(PAIR_FEATURES.length);
    const answer = (questionId: number, answerId: number, accept: number[]) => ({
      questionId,
      answerId,
      accept,
      importance: 'VERY' as const,
    });
    // I accept only answer 1 on four questions; they answer 1 everywhere and accept anything.
    const mine = answerMap([1, 2, 3, 4].map((q) => answer(q, 2, [1])));
    const theirs = answerMap([1, 2, 3, 4].map((q) => answer(q, 1, [1, 2])));
    pairFeatures(profile({ values: mine }), profile({ values: theirs }), out);
    expect(out[at('valuesSatisfied')]).toBeCloseTo(0.5 * (4 / 7));
    expect(out[at('compatibility')]).toBeCloseTo(0.75 - 0.5);
    // From their side I satisfy them fully too.
    pairFeatures(profile({ values: theirs }), profile({ values: mine }), out);
    expect(out[at('valuesSatisfied')]).toBeCloseTo(0.5 * (4 / 7));
    // They fail all my questions: below the middle.
    const wrong = answerMap([1, 2, 3, 4].map((q) => answer(q, 3, [1, 2, 3])));
    pairFeatures(profile({ values: mine }), profile({ values: wrong }), out);
    expect(out[at('valuesSatisfied')]).toBeLessThan(0);
    // Fewer shared questions than the 궁합 minimum, or no answers at all: 0 (neutral).
    pairFeatures(profile({ values: mine }), profile({ values: answerMap([answer(1, 1, [1])]) }), out);
    expect(out[at('valuesSatisfied')]).toBe(0);
    expect(out[at('compatibility')]).toBe(0);
    pairFeatures(profile({ values: mine }), profile(), out);
    expect(out[at('valuesSatisfied')]).toBe(0);
    expect(out[at('compatibility')]).toBe(0);
  });

  it('store their weights by name (an unknown or missing name weighs 0)', () => {
    const model = emptyPairModel();
    model.intercept = -1.5;
    model.weights[at('km')] = -2.25;
    const back = decodePairModel(encodePairModel(model))!;
    expect(back.intercept).toBe(-1.5);
    expect([...back.weights]).toEqual([...model.weights]);
    const old = decodePairModel(JSON.stringify({ intercept: 1, weights: { km: -1, retired: 5 } }))!;
    expect(old.weights[at('km')]).toBe(-1);
    expect(old.weights.filter((w) => w !== 0)).toHaveLength(1);
    expect(decodePairModel('not json')).toBeNull();
  });
});

describe('learning pair weights and how readily each member likes', () => {
  /**
   * 30 women, 30 men, no attributes that tell them apart; each woman sees 12 random men, each
   * man 12 random women. Everybody likes those within ~20 km and nobody farther; woman 1 likes
   * nobody at all, woman 2 everybody.
   */
  function world(seed: number) {
    const rnd = prng(seed);
    const profiles = new Map<number, PairProfile>();
    const attrs = new Map<number, string[]>();
    for (let id = 1; id <= 60; id++) {
      const p = profile({ gender: id <= 30 ? 'F' : 'M', lat: 37 + rnd() * 1.2, lng: 127 });
      profiles.set(id, p);
      attrs.set(id, attributeTokens({ gender: p.gender, birthday: p.birthday, interests: [] }));
    }
    const kmApart = (a: number, b: number) => Math.abs(profiles.get(a)!.lat! - profiles.get(b)!.lat!) * 111.2;
    const likes = (a: number, b: number) => (a === 1 ? false : a === 2 ? true : kmApart(a, b) < 20);
    const events: TrainEvent[] = [];
    for (let a = 1; a <= 60; a++) {
      for (let k = 0; k < 12; k++) {
        const b = a <= 30 ? 31 + Math.floor(rnd() * 30) : 1 + Math.floor(rnd() * 30);
        events.push({ from: a, to: b, label: likes(a, b) ? 1 : 0, weight: 1 });
      }
    }
    return { profiles, attrs, events };
  }

  it('learns that distance matters and who likes readily, and keeps the best epoch on held-out events', () => {
    const { profiles, attrs, events } = world(11);
    const r = trainReciprocalMF(events, attrs, { epochs: 40, seed: 3, validationShare: 0.15 }, profiles);
    expect(r.pair.weights[PAIR_FEATURES.indexOf('logKm')]! + r.pair.weights[PAIR_FEATURES.indexOf('km')]!).toBeLessThan(
      -1,
    );
    // Early stopping: the kept epoch had the lowest held-out loss.
    expect(r.validationByEpoch.length).toBe(r.lossByEpoch.length);
    expect(r.validationByEpoch[r.epochs - 1]).toBe(Math.min(...r.validationByEpoch));
    // Near beats far for a pair never seen, through the pair part alone.
    const near = profile({ lat: 37.5 });
    const far = profile({ lat: 38.5 });
    expect(pairLogit(r.pair, profile({ lat: 37.51, gender: 'M' }), near)).toBeGreaterThan(
      pairLogit(r.pair, profile({ lat: 37.51, gender: 'M' }), far),
    );
    // The liker bias (taste's last entry) separates the member who likes nobody from the one who likes all.
    const dim = r.vectors.get(1)!.taste.length;
    expect(r.vectors.get(1)!.taste[dim - 1]!).toBeLessThan(r.vectors.get(2)!.taste[dim - 1]!);
    expect(r.vectors.get(40)!.appeal[dim - 1]).toBe(1);
  });
});

describe('per-member MBTI preference (fixed MBTI axes in the appeal vector)', () => {
  it('learns opposite preferences of two members where the population as a whole has none', () => {
    const rnd = prng(21);
    const attrs = new Map<number, string[]>();
    for (let a = 1; a <= 20; a++) attrs.set(a, attributeTokens({ gender: 'M', birthday: '1995-01-01', interests: [] }));
    const extrovert = (b: number) => b % 2 === 0;
    for (let b = 100; b < 140; b++)
      attrs.set(
        b,
        attributeTokens({ gender: 'F', birthday: '1995-01-01', interests: [], mbti: extrovert(b) ? 'ESTJ' : 'ISTJ' }),
      );
    // Odd men like extroverts only, even men introverts only.
    const events: TrainEvent[] = [];
    for (let a = 1; a <= 20; a++)
      for (let k = 0; k < 30; k++) {
        const b = 100 + Math.floor(rnd() * 40);
        events.push({ from: a, to: b, label: extrovert(b) === (a % 2 === 1) ? 1 : 0, weight: 1 });
      }
    const { vectors } = trainReciprocalMF(events, attrs, { epochs: 30, seed: 5, validationShare: 0 });
    // taste[0] is the member's weight on the other's E (+1) / I (−1) axis; appeal[0] is the axis itself.
    expect(vectors.get(101)!.appeal[0]).toBe(-1);
    expect(vectors.get(100)!.appeal[0]).toBe(1);
    for (let a = 1; a <= 20; a++) expect(Math.sign(vectors.get(a)!.taste[0]!)).toBe(a % 2 === 1 ? 1 : -1);
    expect(likeScore(vectors.get(1)!, vectors.get(100)!)).toBeGreaterThan(
      likeScore(vectors.get(1)!, vectors.get(101)!),
    );
    expect(likeScore(vectors.get(2)!, vectors.get(101)!)).toBeGreaterThan(
      likeScore(vectors.get(2)!, vectors.get(100)!),
    );
  });
});

describe('per-member slopes on the pair features', () => {
  it('learns opposite distance preferences of two groups where the population as a whole has none', () => {
    const rnd = prng(31);
    const profiles = new Map<number, PairProfile>();
    const attrs = new Map<number, string[]>();
    for (let id = 1; id <= 80; id++) {
      const p = profile({ gender: id <= 20 ? 'M' : 'F', lat: 37 + rnd() * 1.2, lng: 127 });
      profiles.set(id, p);
      attrs.set(id, attributeTokens({ gender: p.gender, birthday: p.birthday, interests: [] }));
    }
    const kmApart = (a: number, b: number) => Math.abs(profiles.get(a)!.lat! - profiles.get(b)!.lat!) * 111.2;
    // Odd men like women within 25 km only, even men only those farther away.
    const events: TrainEvent[] = [];
    for (let a = 1; a <= 20; a++)
      for (let k = 0; k < 40; k++) {
        const b = 21 + Math.floor(rnd() * 60);
        events.push({ from: a, to: b, label: kmApart(a, b) < 25 === (a % 2 === 1) ? 1 : 0, weight: 1 });
      }
    const options = { epochs: 40, seed: 6, validationShare: 0, memberSlopes: ['logKm', 'km'] as const };
    const r = trainReciprocalMF(events, attrs, options, profiles);
    expect(r.pair.slopes.map((i) => PAIR_FEATURES[i])).toEqual(['logKm', 'km']);
    const near = profile({ lat: 37.6 });
    const far = profile({ lat: 38.1 }); // ~55 km
    for (let a = 1; a <= 20; a++) {
      const me = profile({ gender: 'M', lat: 37.6 });
      const slopes = r.vectors.get(a)!.slopes!;
      expect(slopes).toHaveLength(2);
      const gap = pairLogit(r.pair, me, near, slopes) - pairLogit(r.pair, me, far, slopes);
      expect(Math.sign(gap)).toBe(a % 2 === 1 ? 1 : -1);
    }
    // Without the member's slopes only the shared weights speak: the same for everybody.
    expect(pairLogit(r.pair, profile({ gender: 'M', lat: 37.6 }), near)).toBe(
      pairLogit(r.pair, profile({ gender: 'M', lat: 37.6 }), near, null),
    );
    // No slopes asked for: none stored.
    const plain = trainReciprocalMF(events, attrs, { ...options, memberSlopes: [] }, profiles);
    expect(plain.vectors.get(1)!.slopes).toBeUndefined();
    expect(plain.pair.slopes).toEqual([]);
  });

  it('store the slope feature names with the pair weights, by position', () => {
    const model = emptyPairModel();
    model.slopes = [PAIR_FEATURES.indexOf('ageGap'), PAIR_FEATURES.indexOf('km')];
    expect(decodePairModel(encodePairModel(model))!.slopes).toEqual(model.slopes);
    // A name this code does not know keeps its place (−1) so the later slopes still line up.
    const odd = decodePairModel(JSON.stringify({ intercept: 0, weights: {}, slopes: ['retired', 'km'] }))!;
    expect(odd.slopes).toEqual([-1, PAIR_FEATURES.indexOf('km')]);
    const me = profile({ gender: 'M', lat: 37.6 });
    const far = profile({ lat: 38.1 });
    expect(pairLogit(odd, me, far, Float32Array.from([5, -2]))).toBeCloseTo(
      -2 * pairLogit(odd, me, far, Float32Array.from([0, 1])),
    );
  });
});

describe('stored vectors with slopes', () => {
  it('split the member’s own slopes off taste and use them in the pair part, each from its own side', () => {
    const taste = [0.5, -0.25, 0, 0, 0.125, 0, 0, 0.75];
    const appeal = [1, -1, 0, 0, 0.5, 0, 0, 1];
    const text = (slopes: number[]) =>
      `${encodeVector(Float32Array.from([...taste, ...slopes]))} ${encodeVector(Float32Array.from(appeal))} 0.25 12`;
    const v = parseVectorText(text([-4]))!;
    expect([...v.taste]).toEqual(taste);
    expect([...v.appeal]).toEqual(appeal);
    expect([...v.slopes!]).toEqual([-4]);
    expect(v.bias).toBe(0.25);
    expect(v.events).toBe(12);
    // A row written before slopes existed: no slopes.
    expect(parseVectorText(text([]))!.slopes).toBeUndefined();

    const model = emptyPairModel();
    model.slopes = [PAIR_FEATURES.indexOf('logKm')];
    const me = profile({ gender: 'M', lat: 37.5 });
    const far = profile({ lat: 38 });
    const inputs = learnedInputs(
      text([-4]), // I mind distance
      [
        { id: 1, vector: text([0]), profile: far }, // they do not
        { id: 2, vector: text([-4]), profile: far }, // they do too
      ],
      me,
      encodePairModel(model),
    )!;
    const [mine, theirs] = inputs.pair!.get(1)!;
    expect(mine).toBeLessThan(-1);
    expect(theirs).toBe(0);
    expect(inputs.pair!.get(2)![1]).toBeCloseTo(mine);
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
      learnedWeight(vec(BLEND.fullEvents, 1), vec(100, 1)),
    );
  });

  it('keeps formula scores exactly when the viewer or a candidate has too little history', () => {
    const formula = new Map([
      [1, 0.6],
      [2, 0.4],
      [3, 0.5],
    ]);
    expect(blendScores(formula, undefined)).toEqual(formula);
    const little = BLEND.minEvents - 1;
    expect(blendScores(formula, { viewer: vec(little, 1), candidates: new Map([[1, vec(100, -3)]]) })).toEqual(formula);
    const mixed = blendScores(formula, {
      viewer: vec(100, 2),
      candidates: new Map([
        [1, vec(100, -2)], // learned: they do not fit
        [2, vec(100, 2)], // learned: a strong fit
        [3, vec(little, 2)], // too little history: formula
      ]),
    });
    expect(mixed.get(3)).toBe(0.5);
    expect(mixed.get(2)!).toBeGreaterThan(mixed.get(1)!);
  });

  it('lets the pair part order candidates whose vectors are the same', () => {
    const formula = new Map([
      [1, 0.5],
      [2, 0.5],
    ]);
    const same = { viewer: vec(100, 1), candidates: new Map([1, 2].map((id) => [id, vec(100, 1)])) };
    const far = blendScores(formula, { ...same, pair: new Map([[1, [-3, -3] as const]]) });
    expect(far.get(2)!).toBeGreaterThan(far.get(1)!);
    // One-sided appeal is not enough: only a pair part both ways makes a mutual like likely.
    const oneWay = blendScores(formula, {
      ...same,
      pair: new Map([
        [1, [3, -3] as const],
        [2, [1, 1] as const],
      ]),
    });
    expect(oneWay.get(2)!).toBeGreaterThan(oneWay.get(1)!);
  });
});
