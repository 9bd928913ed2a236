// Small text rules of the chat page: the room list preview (docs/product-spec.md §9: 5 characters plus an
// ellipsis), Enter-to-send that never fires during Hangul IME composition, and Korean times.
import { callLineText } from '@contract/calls';
import { neutralText, type ChatMessage } from '@contract/chat';
import { kstParts } from '@contract/dates';
import { LIMITS } from '@contract/limits';

/** Splits into what a reader sees as characters (emoji and Hangul stay whole). */
let segmenter: Intl.Segmenter | undefined; // one for every preview (made on first use)
function characters(text: string): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    segmenter ??= new Intl.Segmenter('ko', { granularity: 'grapheme' });
    return Array.from(segmenter.segment(text), (s) => s.segment);
  }
  return Array.from(text);
}

/**
 * A message as one line of text (room list, report samples): CHAT_PREVIEW for unsent, photo and
 * voice (`neutralText`, the rule reply quotes follow); a call line's neutral words ('영상 통화 3분', '부재중 음성 통화').
 */
export function messageText(m: Pick<ChatMessage, 'content' | 'deleted' | 'imageUrl' | 'audioUrl' | 'call'>): string {
  if (m.call && !m.deleted) return callLineText(m.call, null);
  return neutralText({ deleted: m.deleted, photo: Boolean(m.imageUrl), voice: Boolean(m.audioUrl) }) ?? m.content;
}

/** The last message as the room list shows it: at most 5 characters, then '…' when cut. */
export function previewOf(text: string | null | undefined): string {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  const chars = characters(flat);
  return chars.length > LIMITS.chatPreviewChars ? `${chars.slice(0, LIMITS.chatPreviewChars).join('')}…` : flat;
}

type KeyLike = {
  key: string;
  shiftKey: boolean;
  keyCode?: number;
  nativeEvent?: { isComposing?: boolean };
  isComposing?: boolean;
};

/** True while an IME (Hangul) is composing: Enter then only finishes the syllable. */
export function isComposing(event: KeyLike): boolean {
  return Boolean(event.nativeEvent?.isComposing ?? event.isComposing) || event.keyCode === 229;
}

/** Enter sends; Shift+Enter is a new line; nothing is sent mid-composition. */
export function shouldSendOnKey(event: KeyLike): boolean {
  return event.key === 'Enter' && !event.shiftKey && !isComposing(event);
}

const kst = (value: string) => kstParts(new Date(value));

/** '오후 3:04' (Korea time), beside each bubble. */
export function formatChatTime(value: string): string {
  if (Number.isNaN(new Date(value).getTime())) return '';
  const { hour, minute } = kst(value);
  return `${hour < 12 ? '오전' : '오후'} ${hour % 12 === 0 ? 12 : hour % 12}:${minute}`;
}

/** The day a message belongs to in Korea ('2026년 11월 22일'), for day dividers. */
export function chatDay(value: string): string {
  if (Number.isNaN(new Date(value).getTime())) return '';
  const { year, month, day } = kst(value);
  return `${year}년 ${month}월 ${day}일`;
}

type Timed = { senderId: number; sentAt: string };

/**
 * KakaoTalk's rule (docs/chat.md "The page (`/chatting`)"): a run of one sender's messages within the same minute shows
 * its time once, on the run's last message.
 */
export function showsTime(messages: readonly Timed[], index: number): boolean {
  const m = messages[index];
  const next = messages[index + 1];
  if (!m || !next) return true;
  return (
    next.senderId !== m.senderId ||
    formatChatTime(next.sentAt) !== formatChatTime(m.sentAt) ||
    chatDay(next.sentAt) !== chatDay(m.sentAt)
  );
}
