// The safety detector on its labelled corpus (bench/safety/corpus.json) and on each evasion it
// handles, offsets included; run in workerd like the other contract tests. docs/safety.md "Detector".
import { describe, expect, it } from 'vitest';
import corpus from '../../../../bench/safety/corpus.json';
import { SAFETY_MAX_FLAGS, detectSafety, safetyKindsOf } from './detector';
import { SAFETY_KINDS, type SafetyKind } from './kinds';

type Entry = { split: string; kinds: string[]; text: string; note: string };
const entries = corpus as Entry[];

/**
 * Corpus messages the detector answers wrongly today (docs/safety.md "Known misses"). Each is
 * asserted to still be wrong, so fixing one means moving it out of this list.
 */
const KNOWN_MISSES = new Set([
  // dev
  '상품권 10장만 사서 번호 보내주면 두 배로 돌려줄게요', // also CONTACT ('번호 보내주면')
  '몸매 좋아 보이는데 전신 사진 보내줘',
  '오늘 밤 같이 있을래? 숙소 잡을게',
  '밤에 둘이 뭐 할지 알지? ㅎㅎ',
  '출근하자마자 입금 확인 전화만 세 통 받았어요 은행 일이 원래 그래요', // clean, flagged MONEY (입금 확인)
  // fresh
  '앱이 자꾸 튕겨서요 카ㅋ오톡으로 연락 주실래요?',
  '카톡 @ 없이 mintcho33 검색',
  '우리 같이 돈 벌어요 제가 방법 알려줄게요',
  '오늘 밤에 우리 집 올래? 아무것도 안 할게 ㅎㅎ',
  // final (written after the last rule change; never tuned on)
  '카ㅡ톡 주세요',
  '와츠앱 되세요?',
  '제 지인이 하는 투자 모임 있는데 소개해 드릴게요',
  '세관에 물건이 묶여서 돈을 좀 내야 한대요',
  '너 몸 사진 보고 싶어',
  '조건 얼마예요?',
  '얼굴 보고 토할 뻔',
  '답 안 하면 네 사진 뿌린다',
]);

const sameKinds = (e: Entry) => {
  const got = safetyKindsOf(e.text);
  return got.length === e.kinds.length && got.every((k) => e.kinds.includes(k));
};

describe('the labelled corpus', () => {
  it('holds at least 320 messages, 120 of them clean, every kind and split present', () => {
    expect(entries.length).toBeGreaterThanOrEqual(320);
    expect(entries.filter((e) => e.kinds.length === 0).length).toBeGreaterThanOrEqual(120);
    for (const kind of SAFETY_KINDS) expect(entries.filter((e) => e.kinds.includes(kind)).length).toBeGreaterThan(40);
    expect(entries.filter((e) => e.split === 'heldout').length).toBeGreaterThanOrEqual(80);
  });

  it('meets the goals: recall ≥ 0.9 CONTACT and MONEY, ≥ 0.85 SEXUAL and ABUSE; ≤ 2 % false alarms on clean talk', () => {
    const goal: Record<SafetyKind, number> = { CONTACT: 0.9, MONEY: 0.9, SEXUAL: 0.85, ABUSE: 0.85 };
    const found = entries.map((e) => safetyKindsOf(e.text));
    for (const kind of SAFETY_KINDS) {
      const labelled = entries.map((e, i) => ({ e, got: found[i] ?? [] })).filter(({ e }) => e.kinds.includes(kind));
      const recall = labelled.filter(({ got }) => got.includes(kind)).length / labelled.length;
      expect(recall, kind).toBeGreaterThanOrEqual(goal[kind]);
    }
    const clean = entries.map((e, i) => ({ e, got: found[i] ?? [] })).filter(({ e }) => e.kinds.length === 0);
    expect(clean.filter(({ got }) => got.length > 0).length / clean.length).toBeLessThanOrEqual(0.02);
  });

  it('answers every message as labelled, except the known misses', () => {
    const wrong = entries.filter((e) => !KNOWN_MISSES.has(e.text) && !sameKinds(e));
    expect(
      wrong.map((e) => `${e.kinds.join(',') || 'clean'}: ${e.text} → ${safetyKindsOf(e.text).join(',') || 'clean'}`),
    ).toEqual([]);
    const fixed = entries.filter((e) => KNOWN_MISSES.has(e.text) && sameKinds(e));
    expect(
      fixed.map((e) => e.text),
      'now right: take it off KNOWN_MISSES',
    ).toEqual([]);
  });
});

/** The flagged parts of a text, as `KIND:span` of the normalised text. */
function spans(raw: string): string[] {
  const { text, flags } = detectSafety(raw);
  return flags.map((f) => `${f.kind}:${text.slice(f.start, f.end)}`);
}

describe('evasions, with the flag on the right span of the normalised text', () => {
  it.each([
    ['카톡 아이디 알려줄게요', 'CONTACT:카톡 아이디 알려'],
    ['카.톡.으.로 얘기해요', 'CONTACT:카.톡.으.로 얘기'],
    ['카 카 오 톡 으 로 넘어가요', 'CONTACT:카 카 오 톡 으 로 넘어'],
    ['ㅋㅏㅋㅏㅇㅗㅌㅗㄱ 으로 연락줘요', 'CONTACT:ㅋㅏㅋㅏㅇㅗㅌㅗㄱ 으로 연락'],
    ['텔ㄹㅔ그램으로 옮겨요', 'CONTACT:텔ㄹㅔ그램으로 옮'],
    ['ㅋㅌ 주세요~', 'CONTACT:ㅋㅌ'],
    ['ㅋ.ㅌ 아이디 드릴게요', 'CONTACT:ㅋ.ㅌ'],
    ['кakao talk 아이디 bluesea', 'CONTACT:кakao talk 아이디 bluesea'],
    ['인스타그램 ＠ｓｅｏｙｅｏｎ＿ｍ 놀러와요', 'CONTACT:인스타그램 ＠ｓｅｏｙｅｏｎ＿ｍ'],
  ])('messenger ids and moves: %s', (raw, span) => {
    expect(spans(raw)).toContain(span);
  });

  it('reads past zero-width marks and Hangul fillers between letters', () => {
    // normalizeText drops the zero-width space and keeps the filler; offsets are in its result.
    const { text, flags } = detectSafety('\u200b텔\u200b레\u3164그램으로 와요');
    expect(text).toBe('텔레\u3164그램으로 와요');
    expect(flags).toEqual([{ kind: 'CONTACT', start: 0, end: text.indexOf(' 와') + 2 }]);
    expect(spans('씨\u3164발 왜 답이 없어')).toEqual(['ABUSE:씨\u3164발']);
    expect(spans('시\u200b발')).toEqual(['ABUSE:시발']);
  });

  it.each([
    ['01012345678 전화주세요', 'CONTACT:01012345678'],
    ['010-2938-4471 로 문자', 'CONTACT:010-2938-4471'],
    ['번호 010 9921 3380 이에요', 'CONTACT:010 9921 3380'],
    ['010.3377.2019 문자주세요', 'CONTACT:010.3377.2019'],
    ['+82 10-5521-0378 여기로', 'CONTACT:82 10-5521-0378'],
    ['82-10-4432-1190', 'CONTACT:82-10-4432-1190'],
    ['공일공 칠칠팔삼 이구일영 으로 전화줘요', 'CONTACT:공일공 칠칠팔삼 이구일영'],
    ['영일영 구구팔칠 일일이삼', 'CONTACT:영일영 구구팔칠 일일이삼'],
    ['공1공-칠칠28-9삼31', 'CONTACT:공1공-칠칠28-9삼31'],
    ['O1O-5529-8O1l 로 연락', 'CONTACT:O1O-5529-8O1l'],
    ['０１０－７７８８－１２３４', 'CONTACT:０１０－７７８８－１２３４'],
    ['010 ‐ 7766 ‐ 5544', 'CONTACT:010 ‐ 7766 ‐ 5544'],
  ])('phone numbers in every form: %s', (raw, span) => {
    expect(spans(raw)).toContain(span);
  });

  it.each([
    ['bit . ly / 3xK9pQ 이거 눌러보세요', 'CONTACT:bit . ly / 3xK9pQ'],
    ['han.gl/xYz12 눌러보세요', 'CONTACT:han.gl/xYz12'],
    ['me2.do/5aBcDeF 확인', 'CONTACT:me2.do/5aBcDeF'],
    ['t.me/goldtrader_kr 여기로', 'CONTACT:t.me/goldtrader_kr'],
    ['naver.me/F3kL0qW', 'CONTACT:naver.me/F3kL0qW'],
    ['open.kakao.com/o/sAbc12Xy 여기로', 'CONTACT:open.kakao.com/o/sAbc12Xy'],
    ['bit쩜ly 슬래시 4kPq2', 'CONTACT:bit쩜ly 슬래시 4kPq2'],
    ['https://example.com/a?b=1 봐요', 'CONTACT:https://example.com/a?b=1'],
    ['인스타 @hana.daily 팔로우', 'CONTACT:@hana.daily'],
    ['sweetlove92@gmail.com 으로', 'CONTACT:sweetlove92@gmail.com'],
  ])('links, shorteners and handles: %s', (raw, span) => {
    expect(spans(raw)).toContain(span);
  });

  it.each([
    ['리.딩.방 무료 초대', 'MONEY:리.딩.방'],
    ['ㄹㅣ딩방 들어오세요', 'MONEY:ㄹㅣ딩방'],
    ['ᴜsᴅᴛ로 받으면', 'MONEY:ᴜsᴅᴛ'],
    ['테 더 코 인 으로 하루 5% 수익', 'MONEY:테 더'],
    ['30만원만 보내줄 수 있어요?', 'MONEY:30만원만 보내'],
    ['섹1스 파트너 구해요', 'SEXUAL:섹1스'],
    ['s3x 좋아해?', 'SEXUAL:s3x'],
    ['원 나 잇 어때요', 'SEXUAL:원 나 잇'],
    ['개.새.끼', 'ABUSE:개.새.끼'],
    ['ㅆ1ㅂ 답장해', 'ABUSE:ㅆ1ㅂ'],
    ['시 발 진짜 짜증나', 'ABUSE:시 발'],
  ])('money, sexual and abusive words spelled around: %s', (raw, span) => {
    expect(spans(raw)).toContain(span);
  });

  it('keeps offsets right after emoji (two UTF-16 units each)', () => {
    const { text, flags } = detectSafety('😀👨‍👩‍👧 카톡 주세요');
    expect(flags).toHaveLength(1);
    expect(text.slice(flags[0]?.start, flags[0]?.end)).toBe('카톡 주세요');
  });
});

describe('ordinary dating talk', () => {
  it.each([
    '전화번호는 더 친해지면 나눠요',
    '주식 공부가 취미예요',
    '키 180이에요',
    '오후 7시에 강남역',
    '야근해서 죽을 것 같아요',
    '라인 프렌즈 좋아해요',
    '카톡 프로필 사진 예쁘네요', // decided: mentioning KakaoTalk is not asking to move there
    '아 수박씨 발라 먹기 귀찮아요',
    '3시 발표 끝나고 연락할게요',
    '저 시발점이 어디였는지 기억도 안 나요',
    '이 떡볶이 진짜 죽여줘요',
    '텔레비전 잘 안 봐요',
    '같이 자전거 타러 갈래요?',
    '조건이 어떻게 되세요? 이상형이요',
    '월급 입금됐어요',
    '불 꺼져 있길래 자는 줄 알았어요',
    '2024년에 제주도 다녀왔어요 1992년생이에요',
    '오늘 저녁 7시 반에 합정역 2번 출구요',
  ])('%s: nothing flagged', (text) => {
    expect(detectSafety(text).flags).toEqual([]);
  });
});

describe('the seam', () => {
  it('answers the normalised text and at most SAFETY_MAX_FLAGS flags, sorted', () => {
    const raw = `\u200b${Array.from({ length: 30 }, (_, i) => `010-1234-${String(1000 + i)}`).join(' 그리고 ')}\u200b`;
    const { text, flags } = detectSafety(raw);
    expect(text.startsWith('010')).toBe(true);
    expect(flags).toHaveLength(SAFETY_MAX_FLAGS);
    expect(flags.every((f, i) => i === 0 || (flags[i - 1]?.start ?? 0) <= f.start)).toBe(true);
  });

  it('lists each kind once, in SAFETY_KINDS order', () => {
    expect(safetyKindsOf('씨발 카톡 주세요 리딩방 010-1111-2222')).toEqual(['CONTACT', 'MONEY', 'ABUSE']);
    expect(safetyKindsOf('')).toEqual([]);
  });
});
