// Private R2 media answered through a signed link (chat photos and voice notes, the profile's
// voice): the object with its stored type, cached privately for what the link has left, never
// sniffed. A single `Range: bytes=…` is honoured (206): Safari plays <audio> only from a server
// that answers ranges, and seeking a voice note asks for one.
type ByteRange = { offset: number; length?: number } | { suffix: number };

function rangeOf(header: string | null): ByteRange | null {
  const m = header === null ? null : /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!m) return null;
  const [, from = '', to = ''] = m;
  if (from === '' && to === '') return null;
  if (from === '') return Number(to) > 0 ? { suffix: Number(to) } : null;
  if (to === '') return { offset: Number(from) };
  return Number(to) >= Number(from) ? { offset: Number(from), length: Number(to) - Number(from) + 1 } : null;
}

/**
 * The object at `key` when `visible` allows it (null otherwise: the caller answers 404), the whole
 * of it or the one range asked for.
 */
export async function mediaResponse(
  bucket: R2Bucket,
  key: string,
  request: Request,
  maxAgeSeconds: number,
  visible: (object: R2Object) => boolean,
): Promise<Response | null> {
  const head = await bucket.head(key);
  if (!head || !visible(head)) return null;
  const headers = new Headers({
    'Content-Type': head.httpMetadata?.contentType ?? 'application/octet-stream',
    'Cache-Control': `private, max-age=${maxAgeSeconds}`,
    'X-Content-Type-Options': 'nosniff',
    'Accept-Ranges': 'bytes',
  });
  const asked = rangeOf(request.headers.get('Range'));
  const size = head.size;
  if (asked !== null) {
    const start = 'suffix' in asked ? Math.max(0, size - asked.suffix) : asked.offset;
    if (start >= size) {
      headers.set('Content-Range', `bytes */${size}`);
      return new Response(null, { status: 416, headers });
    }
    const end = 'suffix' in asked ? size - 1 : Math.min(size - 1, start + (asked.length ?? size) - 1);
    const part = await bucket.get(key, { range: { offset: start, length: end - start + 1 } });
    if (!part) return null;
    headers.set('Content-Range', `bytes ${start}-${end}/${size}`);
    headers.set('Content-Length', String(end - start + 1));
    return new Response(part.body, { status: 206, headers });
  }
  const object = await bucket.get(key);
  if (!object) return null;
  headers.set('Content-Length', String(object.size));
  return new Response(object.body, { headers });
}
