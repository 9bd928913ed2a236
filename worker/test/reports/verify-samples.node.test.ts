// verifySamples: which claimed chat lines a report may keep as evidence.
import { describe, expect, it } from 'vitest';
import { verifySamples } from '../../src/areas/reports/service';
import type { StoredMessage } from '../../src/areas/chat/rooms-api';

const ME = 1;
const OTHER = 2;
const messages: StoredMessage[] = [
  { id: 10, senderId: OTHER, content: '돈 좀 보내 주세요', sentAt: '2026-05-01T06:00:00.000Z' },
  { id: 11, senderId: ME, content: '싫어요', sentAt: '2026-05-01T06:01:00.000Z' },
  { id: 12, senderId: OTHER, content: '돈 좀 보내 주세요', sentAt: '2026-05-01T06:02:00.000Z' },
];
const ids = { me: ME, other: OTHER };

describe('verifySamples', () => {
  it('keeps samples whose sender and text match a stored message, with the stored send time', () => {
    const kept = verifySamples(
      [
        { from: 'other', text: '돈 좀 보내 주세요', time: '아무 때나' },
        { from: 'me', text: ' 싫어요 ', time: '' },
      ],
      messages,
      ids,
    );
    expect(kept).toEqual([
      { from: 'other', text: '돈 좀 보내 주세요', time: '2026-05-01T06:00:00.000Z' },
      { from: 'me', text: '싫어요', time: '2026-05-01T06:01:00.000Z' },
    ]);
  });

  it('drops a line attributed to the wrong person', () => {
    expect(verifySamples([{ from: 'other', text: '싫어요', time: '' }], messages, ids)).toEqual([]);
    expect(verifySamples([{ from: 'me', text: '돈 좀 보내 주세요', time: '' }], messages, ids)).toEqual([]);
  });

  it('drops text the room never held', () => {
    expect(verifySamples([{ from: 'other', text: '지어낸 말', time: '' }], messages, ids)).toEqual([]);
  });

  it('lets one stored message back one sample only, so a line cannot be multiplied', () => {
    const claim = { from: 'other' as const, text: '돈 좀 보내 주세요', time: '' };
    const kept = verifySamples([claim, claim, claim], messages, ids);
    expect(kept.map((s) => s.time)).toEqual(['2026-05-01T06:00:00.000Z', '2026-05-01T06:02:00.000Z']);
  });
});
