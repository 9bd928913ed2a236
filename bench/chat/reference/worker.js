// Reference chat for the chat benchmark: the least a durable chat room on Durable Objects does.
// One object per room, the WebSocket Hibernation API, every message stored in the object's SQLite
// storage and then broadcast to the room's sockets (the runtime's output gate holds the frames
// until the write is durable). Same frames as Ongi's room socket (worker/src/contract/chat.ts), so
// the benchmark drives both with the same client; no tickets, no D1, no rate limit, no checks
// beyond the frame's shape. Written for the benchmark (not a copy of any demo).
//   GET /rooms/{id}/ws?member={memberId}  (Upgrade: websocket)
//   With a D1 binding (`--reference secure`: wrangler.secure.toml, a copy of Ongi's D1) the socket
//   is opened as Ongi's page opens it instead — the access token offered as the subprotocol
//   `ongi.token.<jwt>`, checked (HS256, typ access, expiry) — and one D1 read decides it, the same
//   joined read of the member's standing and the room's membership Ongi's upgrade makes: the
//   least a *secure* durable chat does at connect, to tell what Ongi's connect costs beyond it.
//   GET /rooms/{id}/messages               the latest 200 messages' texts (the benchmark looks
//                                          for lost messages there)
import { DurableObject } from 'cloudflare:workers';

const json = (status, body) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export class ReferenceRoom extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS messages (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      sender_id INTEGER NOT NULL,
      content TEXT NOT NULL,
      sent_at TEXT NOT NULL,
      client_msg_id TEXT
    )`);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('{"type":"ping"}', '{"type":"pong"}'));
  }

  async fetch(request) {
    const url = new URL(request.url);
    const roomId = Number(url.pathname.split('/')[2]);
    if (url.pathname.endsWith('/messages')) {
      const rows = this.sql.exec('SELECT content FROM messages ORDER BY id DESC LIMIT 200').toArray();
      return json(
        200,
        rows.map((r) => r.content),
      );
    }
    const memberId = Number(url.searchParams.get('member'));
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ roomId, memberId });
    server.send(JSON.stringify({ type: 'ready', chatRoomId: roomId, closedReason: null }));
    return new Response(null, { status: 101, webSocket: client });
  }

  async webSocketMessage(ws, message) {
    const { roomId, memberId } = ws.deserializeAttachment();
    let frame;
    try {
      frame = JSON.parse(message);
    } catch {
      frame = null;
    }
    if (frame?.type !== 'send' || typeof frame.content !== 'string' || typeof frame.clientMsgId !== 'string') {
      ws.send(JSON.stringify({ type: 'error', code: 'BAD_FRAME', message: 'bad frame', clientMsgId: null }));
      return;
    }
    const sentAt = new Date().toISOString();
    const { id } = this.sql
      .exec(
        'INSERT INTO messages (sender_id, content, sent_at, client_msg_id) VALUES (?, ?, ?, ?) RETURNING id',
        memberId,
        frame.content,
        sentAt,
        frame.clientMsgId,
      )
      .one();
    const out = JSON.stringify({
      type: 'message',
      chatRoomId: roomId,
      id,
      senderId: memberId,
      content: frame.content,
      sentAt,
      clientMsgId: frame.clientMsgId,
    });
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(out);
      } catch {
        // gone between getWebSockets() and send
      }
    }
  }

  async webSocketClose(ws, code, reason) {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // already closed
    }
  }
}

const TOKEN_PREFIX = 'ongi.token.';
let hmacKey = null;
const b64urlBytes = (s) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** The member id of a valid HS256 access token, or null. */
async function memberOfToken(env, token) {
  const [head, body, sig] = token.split('.');
  if (!head || !body || !sig) return null;
  hmacKey ??= await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(env.JWT_SECRET),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const ok = await crypto.subtle.verify('HMAC', hmacKey, b64urlBytes(sig), new TextEncoder().encode(`${head}.${body}`));
  if (!ok || JSON.parse(atob(head.replace(/-/g, '+').replace(/_/g, '/'))).alg !== 'HS256') return null;
  const claims = JSON.parse(new TextDecoder().decode(b64urlBytes(body)));
  if (claims.typ !== 'access' || !(claims.exp > Date.now() / 1000)) return null;
  return Number(claims.sub);
}

/** `--reference secure`: the token, then one D1 read (standing and membership), as Ongi's upgrade. */
async function secureUpgrade(request, env, roomId) {
  const offered = (request.headers.get('Sec-WebSocket-Protocol') ?? '').split(',').map((p) => p.trim());
  const token = offered.find((p) => p.startsWith(TOKEN_PREFIX))?.slice(TOKEN_PREFIX.length);
  const memberId = token ? await memberOfToken(env, token) : null;
  if (!memberId) return json(401, { code: 'UNAUTHORIZED' });
  const row = await env.DB.withSession('first-unconstrained')
    .prepare(
      `SELECT m.status, m.banned_until, r.id AS room_id, r.closed_reason
         FROM members m
         LEFT JOIN chat_rooms r ON r.id = ?2 AND (r.member_a = m.id OR r.member_b = m.id)
        WHERE m.id = ?1 AND m.deleted_at IS NULL`,
    )
    .bind(memberId, roomId)
    .first();
  if (!row) return json(401, { code: 'MEMBER_GONE' });
  if (row.status === 'BANNED') return json(403, { code: 'MEMBER_BANNED' });
  if (row.room_id === null) return json(404, { code: 'NOT_FOUND' });
  const url = new URL(request.url);
  url.searchParams.set('member', String(memberId));
  const res = await env.ROOMS.getByName(`room:${roomId}`).fetch(new Request(url, request));
  if (res.status !== 101) return res;
  return new Response(null, {
    status: 101,
    webSocket: res.webSocket,
    headers: { 'Sec-WebSocket-Protocol': 'ongi.chat.v1' },
  });
}

export default {
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    if (pathname === '/ping') return json(200, { ok: true });
    const match = /^\/rooms\/(\d+)\/(ws|messages)$/.exec(pathname);
    if (!match) return json(404, { code: 'NOT_FOUND' });
    if (match[2] === 'ws' && request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') {
      return json(426, { code: 'UPGRADE_REQUIRED' });
    }
    if (match[2] === 'ws' && env.DB) return secureUpgrade(request, env, Number(match[1]));
    return env.ROOMS.getByName(`room:${match[1]}`).fetch(request);
  },
};
