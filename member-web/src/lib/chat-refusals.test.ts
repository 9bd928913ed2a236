import { afterEach, describe, expect, it } from 'vitest';
import { NEW_ACCOUNT_CAP_CODE, newAccountCapMessage } from '@contract/safety/member-limits';
import { ApiError } from '../api/client';
import { clearToasts, getToasts } from '../components/toast/toast-store';
import { chatRefusalMessage, showChatRefusal } from './chat-refusals';

describe('chat request refusals (docs/safety.md "New-account caps")', () => {
  afterEach(() => clearToasts());

  it("shows a new account's daily cap in the server's words: why and until when", () => {
    const message = newAccountCapMessage('REQUEST', '2026-11-29T05:04:00.000Z');
    expect(showChatRefusal(new ApiError(429, NEW_ACCOUNT_CAP_CODE, message), '채팅 신청을 보내지 못했어요')).toBe(true);
    expect(getToasts()).toEqual([expect.objectContaining({ message, tone: 'error' })]);
    expect(message).toContain('가입 후 7일이 지나고 본인확인을 마치면 더 많이 보낼 수 있어요');
    expect(message).toContain('자정까지');
    expect(message).toContain('2026년 11월 29일 오후 2:04부터는');
  });

  it('keeps a duplicate (409) in the server words and anything else to the fallback', () => {
    expect(chatRefusalMessage(new ApiError(409, 'CHAT_REQUEST_DUPLICATE', '이미 신청했어요.'))).toBe(
      '이미 신청했어요.',
    );
    expect(chatRefusalMessage(new ApiError(500, 'INTERNAL', '잠시 문제가 생겼어요.'))).toBeNull();
    expect(showChatRefusal(new ApiError(0, 'NETWORK', '연결이 끊겼어요.'), '채팅 신청을 보내지 못했어요')).toBe(false);
    expect(getToasts().map((t) => t.message)).toEqual(['채팅 신청을 보내지 못했어요']);
  });
});
