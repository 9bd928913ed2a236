import { describe, expect, it } from 'vitest';
import { maskProfanity } from '../../src/areas/community/profanity';

describe('profanity masking', () => {
  it.each([
    ['씨발', '씨*'],
    ['아 씨발 진짜', '아 씨* 진짜'],
    ['이 개새끼야', '이 개**야'],
    ['좆같네', '*같네'],
    ['병신같이 굴지 마요', '병*같이 굴지 마요'],
    ['ㅅㅂ 왜 이래', 'ㅅ* 왜 이래'],
    ['TLQKF', 'T****'],
  ])('masks %s as %s, keeping the first letter', (input, expected) => {
    expect(maskProfanity(input)).toBe(expected);
  });

  it.each([
    ['씨1발', '씨**'],
    ['씨.발 뭐야', '씨** 뭐야'],
    ['씨~!발', '씨***'],
    ['아 씨 발 진짜', '아 씨 * 진짜'],
    ['병 신', '병 *'],
    ['시 1 발', '시 * *'],
  ])('sees through spacing, digits and symbols: %s → %s', (input, expected) => {
    expect(maskProfanity(input)).toBe(expected);
  });

  it.each([
    ['씨\u3164발', '씨**'],
    ['ㅅ\u3164ㅂ 왜 이래', 'ㅅ** 왜 이래'],
    ['병\uffa0신', '병**'],
    ['아 씨\u2800발 진짜', '아 씨** 진짜'],
    ['씨\u200b\u206e발', '씨***'],
    ['씨\u3164\u3164\u3164\u3164\u3164\u3164발', '씨*******'],
  ])('reads past fillers and invisible marks inside a word (issue 21 §5): %j → %j', (input, expected) => {
    expect(maskProfanity(input)).toBe(expected);
  });

  it.each([
    '우리 관계의 시발점이 된 카페예요',
    '임시발급 받은 카드로 결제했어요',
    '두 사람이 동시발표를 했어요',
    '수박씨 발라 먹는 게 귀찮아요',
    '오후 3시 발표가 있어요',
    '등신대 앞에서 사진을 찍었어요',
    '불이 꺼져 있었어요',
    '강아지가 새끼를 낳았어요',
    '고기를 씹어 먹었어요',
    '시바견이 너무 귀여워요',
    '보지 마세요, 스포일러예요!',
    '질병신고 기간이에요',
    '존중하는 마음이 중요해요',
  ])('leaves innocent text alone: %s', (text) => {
    expect(maskProfanity(text)).toBe(text);
  });

  it('masks every occurrence and leaves emoji and line breaks intact', () => {
    expect(maskProfanity('씨발 😀\n또 씨발')).toBe('씨* 😀\n또 씨*');
  });
});
