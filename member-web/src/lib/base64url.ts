// Unpadded base64url (JWT parts, the VAPID key) decoded in the browser.

export function base64urlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** As text (UTF-8): a JWT's payload is ASCII JSON, but raw UTF-8 bytes decode too. */
export const base64urlToText = (value: string): string => new TextDecoder().decode(base64urlToBytes(value));
