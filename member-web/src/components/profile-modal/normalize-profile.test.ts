import { describe, expect, it } from 'vitest';
import { PROFILE_CHECK_CODES } from '@contract/profiles';
import { normalizeModalProfile, requestedIdIssue } from './normalize-profile';

const contractShape = {
  memberId: 7,
  name: '이하늘',
  age: 28,
  city: '서울특별시',
  district: '마포구',
  interests: ['여행', '사진'],
  images: [
    { role: 'SUB', url: '/media/profiles/b.jpg' },
    { role: 'MAIN', url: '/media/profiles/a.jpg' },
  ],
  hearted: true,
};

const reasonOf = (raw: unknown) => {
  const r = normalizeModalProfile(raw);
  return r.ok ? 'OK' : r.reason;
};

describe('modal profile normaliser: tolerant variants (docs/product-spec.md §3)', () => {
  it('reads the contract shape and puts the MAIN image first', () => {
    const r = normalizeModalProfile(contractShape);
    expect(r).toEqual({
      ok: true,
      profile: {
        memberId: 7,
        name: '이하늘',
        age: 28,
        city: '서울특별시',
        district: '마포구',
        interests: ['여행', '사진'],
        images: [
          { role: 'MAIN', url: '/media/profiles/a.jpg' },
          { role: 'SUB', url: '/media/profiles/b.jpg' },
        ],
        hearted: true,
      },
    });
  });

  it('accepts id, nickname, ageYears, a location object, interestList with {tag} objects and main+sub urls', () => {
    const r = normalizeModalProfile({
      id: '12',
      nickname: '  바다  ',
      ageYears: '31',
      location: { city: '부산광역시', district: '해운대구' },
      interestList: [{ tag: '운동' }, '독서', { tag: '' }, '운동'],
      mainImageUrl: '/m.jpg',
      subImageUrls: ['/s1.jpg', '', '/s2.jpg'],
    });
    expect(r.ok && r.profile).toEqual({
      memberId: 12,
      name: '바다',
      age: 31,
      city: '부산광역시',
      district: '해운대구',
      interests: ['운동', '독서'],
      images: [
        { role: 'MAIN', url: '/m.jpg' },
        { role: 'SUB', url: '/s1.jpg' },
        { role: 'SUB', url: '/s2.jpg' },
      ],
      hearted: false,
    });
  });

  it('reads the recommendation\'s "시 구" location text', () => {
    const r = normalizeModalProfile({
      ...contractShape,
      city: undefined,
      district: undefined,
      location: '서울 마포구',
    });
    expect(r.ok && [r.profile.city, r.profile.district]).toEqual(['서울', '마포구']);
  });
});

describe('modal profile checks (docs/product-spec.md §5): each failure names its reason code', () => {
  it.each([
    ['null', null, 'PROFILE_EMPTY'],
    ['an empty object', {}, 'PROFILE_EMPTY'],
    ['a list', [contractShape], 'PROFILE_EMPTY'],
    ['no id', { ...contractShape, memberId: undefined }, 'MISSING_MEMBER_ID'],
    ['a non-numeric id', { ...contractShape, memberId: 'abc' }, 'MISSING_MEMBER_ID'],
    ['a blank name', { ...contractShape, name: '   ' }, 'MISSING_NAME'],
    ['no age', { ...contractShape, age: undefined }, 'MISSING_OR_INVALID_AGE'],
    ['age 0', { ...contractShape, age: 0 }, 'MISSING_OR_INVALID_AGE'],
    ['age NaN text', { ...contractShape, age: '스물' }, 'MISSING_OR_INVALID_AGE'],
    ['age Infinity', { ...contractShape, age: Number.POSITIVE_INFINITY }, 'MISSING_OR_INVALID_AGE'],
    ['a city without district', { ...contractShape, district: null }, 'MISSING_LOCATION'],
    ['a district without city', { ...contractShape, city: '' }, 'MISSING_LOCATION'],
    ['no interests', { ...contractShape, interests: [] }, 'MISSING_INTERESTS'],
    ['no images', { ...contractShape, images: [] }, 'MISSING_IMAGES'],
    ['images without urls', { ...contractShape, images: [{ role: 'MAIN', url: '' }] }, 'MISSING_IMAGES'],
  ])('%s → %s', (_label, raw, code) => {
    expect(reasonOf(raw)).toBe(code);
  });

  it("checks in the spec's order: the first missing field wins", () => {
    expect(reasonOf({ memberId: 1 })).toBe('MISSING_NAME');
    expect(reasonOf({ memberId: 1, name: '가', age: 20 })).toBe('MISSING_LOCATION');
  });

  it('a missing requested id is NO_OPPONENT_ID_IN_CHAT_USER from a chat, MISSING_MEMBER_ID elsewhere', () => {
    expect(requestedIdIssue(null, true)).toBe('NO_OPPONENT_ID_IN_CHAT_USER');
    expect(requestedIdIssue(null, false)).toBe('MISSING_MEMBER_ID');
    expect(requestedIdIssue(0, false)).toBe('MISSING_MEMBER_ID');
    expect(requestedIdIssue(5, true)).toBeNull();
  });

  it('covers every reason code of the contract', () => {
    const produced = new Set([
      reasonOf(null),
      reasonOf({ ...contractShape, memberId: undefined }),
      reasonOf({ ...contractShape, name: '' }),
      reasonOf({ ...contractShape, age: -1 }),
      reasonOf({ ...contractShape, city: null }),
      reasonOf({ ...contractShape, interests: [] }),
      reasonOf({ ...contractShape, images: [] }),
      requestedIdIssue(null, true),
    ]);
    expect([...produced].sort()).toEqual([...PROFILE_CHECK_CODES].sort());
  });
});
