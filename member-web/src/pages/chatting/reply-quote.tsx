// 답장: the quoted original above a reply's bubble, and above the composer while writing one.
// An unsent or photo original reads as the room sends it (CHAT_PREVIEW), never its old text.
import type { ChatReplyRef } from '@contract/chat';
import { ko } from '../../i18n/ko';

/** "나에게 답장" or "{name}님에게 답장": whose message the reply answers. */
export function replyLabel(quote: ChatReplyRef, opponentId: number | undefined, opponentName: string): string {
  return quote.senderId === opponentId ? ko.chat.replyToOpponent(opponentName) : ko.chat.replyToMe;
}

export function ReplyQuote(props: { quote: ChatReplyRef; label: string }) {
  return (
    <span className="reply-quote">
      <span className="reply-quote__to">{props.label}</span>
      <span className="reply-quote__text">{props.quote.preview}</span>
    </span>
  );
}
