import { describe, expect, it } from 'vitest';
import { LIMITS } from '@contract/limits';
import { truncateWords } from './truncate-words';

const words = (n: number) => Array.from({ length: n }, (_, i) => `단어${i + 1}`).join(' ');

describe('feedback list truncation (docs/product-spec.md §9)', () => {
  it('keeps a title of 8 words whole and cuts the 9th with an ellipsis', () => {
    expect(truncateWords(words(8), LIMITS.feedbackTitleWords)).toBe(words(8));
    expect(truncateWords(words(9), LIMITS.feedbackTitleWords)).toBe(`${words(8)}…`);
  });

  it('keeps content of 24 words whole and cuts the 25th with an ellipsis', () => {
    expect(truncateWords(words(24), LIMITS.feedbackContentWords)).toBe(words(24));
    expect(truncateWords(words(30), LIMITS.feedbackContentWords)).toBe(`${words(24)}…`);
  });

  it('counts words across line breaks and repeated spaces', () => {
    expect(truncateWords('  하나\n\n둘   셋\t넷 ', 3)).toBe('하나 둘 셋…');
  });
});
