// Messages I typed that the room has not confirmed yet. They are shown as pending bubbles, sent
// again whenever the socket (re)connects, and dropped once their own echo comes back (matched by
// clientMsgId, so an echo never shows twice). A refusal marks them failed, with 다시 보내기.
import type { ChatErrorCode, ChatReplyRef } from '@contract/chat';

export type OutboxItem = {
  clientMsgId: string;
  content: string;
  createdAt: string;
  status: 'sending' | 'failed';
  errorCode: ChatErrorCode | null;
  /** A reply (답장): the quoted original; its id goes with the send frame. */
  replyTo?: ChatReplyRef;
};

export type Outbox = readonly OutboxItem[];

export const emptyOutbox: Outbox = [];

export function addToOutbox(
  outbox: Outbox,
  item: Pick<OutboxItem, 'clientMsgId' | 'content' | 'createdAt' | 'replyTo'>,
): Outbox {
  return [...outbox, { ...item, status: 'sending', errorCode: null }];
}

/** The room stored it (our echo arrived). */
export function acknowledge(outbox: Outbox, clientMsgId: string | null): Outbox {
  if (clientMsgId === null) return outbox;
  const next = outbox.filter((i) => i.clientMsgId !== clientMsgId);
  return next.length === outbox.length ? outbox : next;
}

export function markFailed(outbox: Outbox, clientMsgId: string | null, code: ChatErrorCode): Outbox {
  return outbox.map((i) => (i.clientMsgId === clientMsgId ? { ...i, status: 'failed' as const, errorCode: code } : i));
}

/** Everything still waiting fails at once (the room closed). */
export function failAllSending(outbox: Outbox, code: ChatErrorCode): Outbox {
  return outbox.map((i) => (i.status === 'sending' ? { ...i, status: 'failed' as const, errorCode: code } : i));
}

/** 다시 보내기: back in the queue, same clientMsgId (the room stores a resend once). */
export function retryItem(outbox: Outbox, clientMsgId: string): Outbox {
  return outbox.map((i) => (i.clientMsgId === clientMsgId ? { ...i, status: 'sending' as const, errorCode: null } : i));
}

export function discardItem(outbox: Outbox, clientMsgId: string): Outbox {
  return outbox.filter((i) => i.clientMsgId !== clientMsgId);
}

export const waiting = (outbox: Outbox): OutboxItem[] => outbox.filter((i) => i.status === 'sending');
