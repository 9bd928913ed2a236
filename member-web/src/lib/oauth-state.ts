// The random OAuth `state` the SPA makes before sending the browser to the portal (docs/auth.md §1).
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** 32 url-safe characters from the platform's CSPRNG (64 symbols: no modulo bias). */
export function makeOauthState(length = 32): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let out = '';
  for (const b of bytes) out += ALPHABET[b & 63];
  return out;
}
