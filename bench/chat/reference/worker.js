// Reference chat for the chat benchmark: the least a durable chat room on Durable Objects does.
// One object per room, the WebSocket Hibernation API, every message stored in the object's SQLite
// storage and then broadcast to the room's sockets (the runtime's output gate holds the frames
// until the write is durable). Same frames as Ongi's room socket (worker/src/contract/chat.ts), so
// the benchmark drives both with the same client; no tickets, no D1, no rate limit, no checks
// beyond the frame's shape. Written for the benchmark (not a copy of any demo).
//   GET /rooms/{id}/ws?member={memberId}  (Upgrade: websocket)
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

export default {
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    if (pathname === '/ping') return json(200, { ok: true });
    const match = /^\/rooms\/(\d+)\/(ws|messages)$/.exec(pathname);
    if (!match) return json(404, { code: 'NOT_FOUND' });
    if (match[2] === 'ws' && request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') {
      return json(426, { code: 'UPGRADE_REQUIRED' });
    }
    return env.ROOMS.getByName(`room:${match[1]}`).fetch(request);
  },
};
