// Issue 21 item 13: two members who ask each other at the same instant end matched — one room,
// the first request accepted, no request left pending — never with one PENDING request and no room.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatRequestResult } from '../../src/contract/chat';
import { requestChat, roomList, twoMembers } from '../helpers/chat';

const PAIRS = 12;

describe('simultaneous mutual chat requests', () => {
  it('always end in one room, one answer MATCHED and the other PENDING (issue 21 §13)', async () => {
    const pairs = await Promise.all(Array.from({ length: PAIRS }, () => twoMembers()));
    const outcomes = await Promise.all(
      pairs.map(async ([a, b]) => {
        const [ab, ba] = await Promise.all([requestChat(a, b.memberId), requestChat(b, a.memberId)]);
        return [ab.status, ba.status, await ab.json<ChatRequestResult>(), await ba.json<ChatRequestResult>()] as const;
      }),
    );
    for (const [i, [a, b]] of pairs.entries()) {
      const [statusAB, statusBA, ab, ba] = outcomes[i]!;
      expect([statusAB, statusBA]).toEqual([200, 200]);
      expect([ab.status, ba.status].sort()).toEqual(['MATCHED', 'PENDING']);
      const matched = ab.status === 'MATCHED' ? ab : ba;
      const first = ab.status === 'PENDING' ? ab : ba;
      // The match accepted the request that came first, and both see the one room.
      expect(matched.matchingId).toBe(first.matchingId);
      const { results } = await env.DB.prepare(
        `SELECT status, count(*) AS n FROM chat_requests
          WHERE (requester_id = ?1 AND target_id = ?2) OR (requester_id = ?2 AND target_id = ?1) GROUP BY status`,
      )
        .bind(a.memberId, b.memberId)
        .all<{ status: string; n: number }>();
      expect(results).toEqual([{ status: 'ACCEPTED', n: 1 }]);
      const [roomsA, roomsB] = await Promise.all([roomList(a), roomList(b)]);
      expect(roomsA).toHaveLength(1);
      expect(roomsB.map((r) => r.chatRoomId)).toEqual(roomsA.map((r) => r.chatRoomId));
      if (matched.status === 'MATCHED') expect(matched.room.chatRoomId).toBe(roomsA[0]?.chatRoomId);
    }
  }, 30_000);
});
