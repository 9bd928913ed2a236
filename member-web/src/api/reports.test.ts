import { describe, expect, it } from 'vitest';
import { checkReport, toReasonType, type MessageSample } from './reports';

const context = { pageUrl: 'http://ongi.test/chatting' };
const samples = (n: number): MessageSample[] =>
  Array.from({ length: n }, (_, i) => ({
    from: i % 2 ? 'me' : 'other',
    text: `메시지 ${i + 1}`,
    time: `10:${String(i).padStart(2, '0')}`,
  }));

describe('report rules (docs/product-spec.md §5)', () => {
  it('maps the known types to their codes and anything unknown to OTHER', () => {
    expect(toReasonType('SPAM')).toBe('SPAM');
    expect(toReasonType('impersonation')).toBe('IMPERSONATION');
    expect(toReasonType('HARASSMENT')).toBe('OTHER');
    expect(toReasonType(42)).toBe('OTHER');
  });

  it('without a target id says 신고 대상 ID를 확인할 수 없어요', () => {
    for (const id of [null, undefined, 0, -3, 1.5]) {
      const r = checkReport({ targetMemberId: id, reasonType: 'SPAM', content: '광고를 보내요' }, context);
      expect(r).toEqual({ ok: false, field: 'target', message: '신고 대상 ID를 확인할 수 없어요' });
    }
  });

  it('asks for a type first, then for non-blank details', () => {
    expect(checkReport({ targetMemberId: 3, reasonType: '', content: '' }, context)).toMatchObject({
      ok: false,
      field: 'reasonType',
      message: '신고 유형을 선택해 주세요.',
    });
    expect(checkReport({ targetMemberId: 3, reasonType: 'ABUSE', content: '   \n ' }, context)).toMatchObject({
      ok: false,
      field: 'content',
      message: '신고 내용을 입력해 주세요.',
    });
  });

  it('sends an unknown type as OTHER with trimmed details, the page URL and no samples outside a chat', () => {
    const r = checkReport(
      { targetMemberId: 3, reasonType: 'weird', content: '  이상해요  ' },
      { ...context, messageSamples: samples(3) },
    );
    expect(r).toEqual({
      ok: true,
      payload: {
        targetMemberId: 3,
        chatRoomId: null,
        reasonType: 'OTHER',
        content: '이상해요',
        evidenceUrl: null,
        pageUrl: 'http://ongi.test/chatting',
        messageSamples: [],
      },
    });
  });

  it('from a chat room sends the room id and only the last 10 message samples', () => {
    const r = checkReport(
      { targetMemberId: 3, reasonType: 'FRAUD', content: '돈을 요구해요' },
      { ...context, chatRoomId: 11, messageSamples: samples(14) },
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.payload.chatRoomId).toBe(11);
    expect(r.payload.messageSamples).toHaveLength(10);
    expect(r.payload.messageSamples[0]?.text).toBe('메시지 5');
    expect(r.payload.messageSamples[9]?.text).toBe('메시지 14');
  });
});
