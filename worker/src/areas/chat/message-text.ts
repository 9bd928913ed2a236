// The room's check of a text message (contract/chat.ts `checkMessageContent`: normalised, not
// blank, at most CHAT_LIMITS.messageMaxChars characters), with a shortcut for the text nearly every
// message is made of: printable ASCII, line breaks, Hangul syllables and Hangul compatibility jamo
// (ㅋㅋ). For those the full rules change nothing but the blank ends (all are NFC already, none is
// invisible, and each is one character on its own), so segmenting into graphemes is skipped.
// Anything else — emoji, other scripts, controls, fillers — takes the full path.
import { CHAT_LIMITS, checkMessageContent } from '../../contract/chat';

/** Code units that are each one visible character, or a line break; U+3164 (a filler) is left out. */
const PLAIN = /^[\n\x20-\x7e\u3131-\u3163\u3165-\u318e\uac00-\ud7a3]*$/;
const PLAIN_EDGES = /^[ \n]+|[ \n]+$/g;

export function checkChatText(raw: string): ReturnType<typeof checkMessageContent> {
  if (raw.length > CHAT_LIMITS.messageMaxChars * 16 || !PLAIN.test(raw)) return checkMessageContent(raw);
  const content = raw.replace(PLAIN_EDGES, '');
  if (!content) return { ok: false, code: 'BLANK' };
  if (content.length > CHAT_LIMITS.messageMaxChars) return { ok: false, code: 'TOO_LONG' };
  return { ok: true, content };
}
