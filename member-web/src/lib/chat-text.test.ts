import { describe, expect, it } from 'vitest';
import { replyRefOf, type ChatMessage } from '@contract/chat';
import { chatDay, formatChatTime, isComposing, messageText, previewOf, shouldSendOnKey, showsTime } from './chat-text';

describe('previewOf (room list, 5 characters)', () => {
  it('cuts longer messages to 5 characters plus an ellipsis', () => {
    expect(previewOf('안녕하세요 반가워요')).toBe('안녕하세요…');
    expect(previewOf('hello world')).toBe('hello…');
  });

  it('keeps messages of 5 characters or fewer as they are', () => {
    expect(previewOf('안녕하세요')).toBe('안녕하세요');
    expect(previewOf('네')).toBe('네');
    expect(previewOf(null)).toBe('');
  });

  it('counts an emoji as one character and folds line breaks', () => {
    expect(previewOf('😀😀😀😀😀😀')).toBe('😀😀😀😀😀…');
    expect(previewOf('👩‍👩‍👧 가족 사진')).toBe('👩‍👩‍👧 가족 …');
    expect(previewOf('가\n나\n다')).toBe('가 나 다');
  });
});

describe('Enter in the message input', () => {
  const enter = { key: 'Enter', shiftKey: false };

  it('sends on a plain Enter', () => {
    expect(shouldSendOnKey({ ...enter, nativeEvent: { isComposing: false }, keyCode: 13 })).toBe(true);
  });

  it('does not send while Hangul is being composed (isComposing or keyCode 229)', () => {
    expect(shouldSendOnKey({ ...enter, nativeEvent: { isComposing: true }, keyCode: 13 })).toBe(false);
    expect(shouldSendOnKey({ ...enter, nativeEvent: { isComposing: false }, keyCode: 229 })).toBe(false);
    expect(isComposing({ ...enter, isComposing: true })).toBe(true);
  });

  it('does not send on Shift+Enter or other keys', () => {
    expect(shouldSendOnKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(shouldSendOnKey({ key: 'a', shiftKey: false })).toBe(false);
  });
});

describe('Korean chat times', () => {
  it('shows Korea time with 오전/오후', () => {
    expect(formatChatTime('2026-11-22T06:04:00Z')).toBe('오후 3:04');
    expect(formatChatTime('2026-11-21T15:30:00Z')).toBe('오전 12:30');
    expect(chatDay('2026-11-21T15:30:00Z')).toBe('2026년 11월 22일');
  });
});

describe('showsTime (a same-minute run shows its time once, on its last message)', () => {
  const at = (senderId: number, sentAt: string) => ({ senderId, sentAt });
  it('hides the time inside a run of one sender in one minute and shows it on the last', () => {
    const list = [
      at(1, '2026-11-22T06:00:05Z'),
      at(1, '2026-11-22T06:00:40Z'),
      at(1, '2026-11-22T06:00:59Z'),
      at(2, '2026-11-22T06:00:59Z'),
      at(2, '2026-11-22T06:01:00Z'),
    ];
    expect(list.map((_, i) => showsTime(list, i))).toEqual([false, false, true, true, true]);
  });
  it('a new minute, another sender or another day ends a run', () => {
    const list = [at(1, '2026-11-22T14:59:30Z'), at(1, '2026-11-22T15:00:10Z'), at(2, '2026-11-22T15:00:20Z')];
    expect(list.map((_, i) => showsTime(list, i))).toEqual([true, true, true]);
    expect(showsTime([], 0)).toBe(true);
  });
});

describe('messageText and reply quotes: one rule for a message with no text', () => {
  const base = { id: 3, senderId: 2, content: '', sentAt: '2026-11-27T00:00:00Z' };
  it('a voice note, a photo and an unsent message read the same in the room list and in a quote', () => {
    const cases: [ChatMessage, string][] = [
      [{ ...base, audioUrl: '/a', durationMs: 2_000, waveform: [1] }, '음성 메시지를 보냈어요'],
      [{ ...base, imageUrl: '/p' }, '사진을 보냈어요'],
      [{ ...base, deleted: true }, '삭제된 메시지예요'],
      [{ ...base, content: '주말에 뭐 해요?' }, '주말에 뭐 해요?'],
    ];
    for (const [m, words] of cases) {
      expect(messageText(m)).toBe(words);
      expect(replyRefOf(m).preview).toBe(words);
    }
  });
});
