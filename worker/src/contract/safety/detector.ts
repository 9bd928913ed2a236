// The safety detector (docs/safety.md): finds CONTACT, MONEY, SEXUAL and ABUSE spans in a
// member's text. One module for the Worker, the chat room object and the member SPA.
// FIRST CUT (integration seam): the rules below are a small starting set; the full rule data,
// evasion handling and the labelled corpus replace them.
import { normalizeText } from '../text';
import type { SafetyKind } from './kinds';

export type SafetyFlag = { kind: SafetyKind; start: number; end: number };

/** At most this many flags are answered for one text. */
export const SAFETY_MAX_FLAGS = 20;

const RULES: readonly { kind: SafetyKind; re: RegExp }[] = [
  { kind: 'CONTACT', re: /(?:\+?82[-\s.]?)?0?1[016789][-\s.]?\d{3,4}[-\s.]?\d{4}/g },
  { kind: 'CONTACT', re: /(?:카카오톡|카톡|ㅋㅌ|텔레그램|텔레|라인|위챗|왓츠앱|인스타)\s*(?:아이디|id|ID|@)/g },
  { kind: 'CONTACT', re: /https?:\/\/\S+|open\.kakao\.com\/\S+/g },
  { kind: 'MONEY', re: /리딩방|코인\s*투자|수익\s*인증|USDT|선물\s*투자|송금|계좌/g },
  { kind: 'SEXUAL', re: /조건\s*만남|섹스|원나잇/g },
  { kind: 'ABUSE', re: /씨발|시발|병신|죽여\s*버/g },
];

/** The text as stored (contract/text.ts normalizeText) and the flags in it, offsets in its UTF-16 units. */
export function detectSafety(raw: string): { text: string; flags: SafetyFlag[] } {
  const text = normalizeText(raw);
  const flags: SafetyFlag[] = [];
  for (const { kind, re } of RULES) {
    for (const m of text.matchAll(re)) flags.push({ kind, start: m.index, end: m.index + m[0].length });
  }
  flags.sort((a, b) => a.start - b.start || a.end - b.end);
  return { text, flags: flags.slice(0, SAFETY_MAX_FLAGS) };
}

/** The kinds found in a text, each once, in SAFETY_KINDS order. */
export function safetyKindsOf(raw: string): SafetyKind[] {
  const found = new Set(detectSafety(raw).flags.map((f) => f.kind));
  return (['CONTACT', 'MONEY', 'SEXUAL', 'ABUSE'] as const).filter((k) => found.has(k));
}
