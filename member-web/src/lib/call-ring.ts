// 받기 on the ringing sheet of another screen (components/call-ring-sheet.tsx): the member goes to the
// room, and the room's own call session accepts that call as it sees it ring there (call-screen.tsx
// `useAnswerFromRing`) — one accept path, the room's. The intent lives until the ringing would run out.

let pending: { roomId: number; callId: string; untilMs: number } | null = null;

/** Remembers that the member tapped 받기 for this call (until `expiresAt`, the ring's end). */
export function answerWhenRinging(roomId: number, callId: string, expiresAt: string): void {
  pending = { roomId, callId, untilMs: Date.parse(expiresAt) };
}

/** Whether the room should accept this call now (once: the intent is spent). */
export function takeAnswer(roomId: number, callId: string | null, nowMs = Date.now()): boolean {
  const p = pending;
  if (!p || p.roomId !== roomId || p.callId !== callId) return false;
  pending = null;
  return nowMs <= p.untilMs;
}
