// Request body sizes (docs/api-extensions.md "Body sizes"): each route's largest body, checked before anything reads or
// parses it. A declared Content-Length over the limit is refused at once; a body without one is
// read in chunks and refused as soon as it passes the limit.
import { BODY_LIMITS, LIMITS } from '../contract/limits';
import { VALIDATION_KO } from '../contract/messages';
import { VOICE_LIMITS, maxVoiceBytes } from '../contract/voice';
import { TooLarge } from './errors';

const upload = (pictures: number) => pictures * LIMITS.imageMaxBytes + BODY_LIMITS.formOverheadBytes;
/** A voice upload: the largest recording allowed (lib/audio then bounds it by its declared duration). */
const voice = (maxMs: number) =>
  maxVoiceBytes(maxMs + VOICE_LIMITS.durationToleranceMs) + BODY_LIMITS.formOverheadBytes;

/** Multipart uploads by path (any method with a body) and how many pictures each carries at most. */
const ROUTE_LIMITS: [RegExp, number][] = [
  [/^\/api\/member\/profile$/, upload(LIMITS.profileImages)],
  [/^\/api\/on\/mypage\/profile-images$/, upload(LIMITS.profileImages)],
  [/^\/api\/on\/chat-rooms\/\d+\/photos$/, upload(1)],
  [/^\/api\/on\/chat-rooms\/\d+\/voice$/, voice(VOICE_LIMITS.noteMaxMs)],
  [/^\/api\/on\/mypage\/voice$/, voice(VOICE_LIMITS.introMaxMs)],
  [/^\/api\/on\/community\/posts(?:\/\d+)?$/, upload(1)],
  [/^\/api\/on\/verification\/photo$/, upload(1)],
  [/^\/api\/on\/report$/, BODY_LIMITS.reportBytes],
  [/^\/api\/on\/privacy\/avoid-phones$/, BODY_LIMITS.avoidPhonesBytes],
];

/** The largest body `path` accepts. */
export function bodyLimitFor(path: string): number {
  for (const [pattern, bytes] of ROUTE_LIMITS) if (pattern.test(path)) return bytes;
  return BODY_LIMITS.defaultBytes;
}

const tooLarge = () => new TooLarge(VALIDATION_KO.bodyTooLarge, 'PAYLOAD_TOO_LARGE');

/**
 * The request itself when its body fits `max` bytes (or it has none), a copy holding the bytes
 * read when it came without a Content-Length; throws 413 otherwise.
 */
export async function withinBodyLimit(request: Request, max: number): Promise<Request> {
  if (!request.body) return request;
  const declared = request.headers.get('Content-Length');
  if (declared !== null && !request.headers.has('Transfer-Encoding')) {
    if (!/^\d+$/.test(declared) || Number(declared) > max) throw tooLarge();
    return request;
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return new Request(request, { body });
}
