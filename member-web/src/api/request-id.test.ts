// The chat request's id: `matchingId` on the wire, `requestId` in the app (api/request-id.ts).
import { describe, expect, it } from 'vitest';
import type { PendingRequestItem } from '@contract/chat';
import { withRequestId } from './request-id';

describe('withRequestId', () => {
  it('names the wire `matchingId` requestId and keeps every other field as sent', () => {
    const sent: PendingRequestItem = {
      matchingId: 7,
      opponentMemberId: 3,
      opponentNickname: '이바다',
      opponentProfileImageUrl: null,
      requestedAt: '2026-11-10T01:00:00Z',
      intro: '안녕하세요',
    };
    const kept = withRequestId(sent);
    expect(kept).toEqual({
      requestId: 7,
      opponentMemberId: 3,
      opponentNickname: '이바다',
      opponentProfileImageUrl: null,
      requestedAt: '2026-11-10T01:00:00Z',
      intro: '안녕하세요',
    });
    expect('matchingId' in kept).toBe(false);
  });
});
