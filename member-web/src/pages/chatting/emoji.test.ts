import { describe, expect, it } from 'vitest';
import { LIMITS } from '@contract/limits';
import { CHAT_EMOJI } from './emoji';

describe('the emoji picker set', () => {
  it('holds exactly 55 different emoji', () => {
    expect(CHAT_EMOJI).toHaveLength(LIMITS.emojiCount);
    expect(new Set(CHAT_EMOJI).size).toBe(LIMITS.emojiCount);
  });
});
