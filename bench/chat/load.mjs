// One measured run of the chat benchmark against either server: connect two clients per room,
// have every client send at a steady rate, then wait for the deliveries. The client side is the
// same code for Ongi and the reference; only `connectOne` differs (Ongi: the access token as a subprotocol, or
// with `--ongi-connect ticket` a ticket call, then the socket).
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { pool } from './members.mjs';
import { serverCpu } from './servers.mjs';

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const median = (values) => {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};

const cpuTimes = () =>
  os
    .cpus()
    .reduce(
      (t, c) => ({ idle: t.idle + c.times.idle, total: t.total + Object.values(c.times).reduce((a, b) => a + b, 0) }),
      { idle: 0, total: 0 },
    );

/** Opens a socket (offering `protocols`, if any) and resolves once the room says ready. */
export function openSocket(url, onFrame, timeoutMs = 30_000, protocols = undefined) {
  return new Promise((resolve, reject) => {
    const ws = protocols ? new WebSocket(url, protocols) : new WebSocket(url);
    const timer = setTimeout(() => {
      reject(new Error(`${url}: no ready frame`));
      try {
        ws.close();
      } catch {
        // never opened
      }
    }, timeoutMs);
    ws.onmessage = (event) => {
      const frame = JSON.parse(event.data);
      if (frame.type === 'ready') {
        clearTimeout(timer);
        resolve(ws);
      }
      onFrame(frame);
    };
    ws.onerror = (event) => {
      clearTimeout(timer);
      reject(new Error(`socket error ${event.message ?? ''}`));
    };
  });
}

const round1 = (x) => +x.toFixed(1);
// Message latencies in hundredths: their p50 is about 1 ms here, where a tenth is a 10 % step of the ratio.
const round2 = (x) => +x.toFixed(2);

/** The send times (s after the first send) of the slowest 1 % of deliveries: min–median–max. */
function slowestSent(delays) {
  if (delays.length === 0) return '–';
  const slow = [...delays].sort((x, y) => y[1] - x[1]).slice(0, Math.max(1, Math.ceil(delays.length / 100)));
  const at = slow.map(([s]) => s).sort((x, y) => x - y);
  return `${at[0].toFixed(1)}–${at[Math.floor(at.length / 2)].toFixed(1)}–${at.at(-1).toFixed(1)} s`;
}

/**
 * For messages never delivered: were they stored (then the broadcast or the peer's socket lost
 * them) or not (the frame never reached the room, or the room failed before storing)? Looks at
 * up to 20 rooms' latest stored messages through `target.storedContents(pair)`.
 */
async function whereLost(target, sentAt, sentBy) {
  if (!target.storedContents) return null;
  const byRoom = new Map();
  for (const id of sentAt.keys()) {
    const pair = sentBy.get(id);
    if (!byRoom.has(pair.roomId)) byRoom.set(pair.roomId, { pair, ids: [] });
    byRoom.get(pair.roomId).ids.push(id);
  }
  const out = { rooms: byRoom.size, checkedRooms: 0, stored: 0, notStored: 0 };
  for (const { pair, ids } of [...byRoom.values()].slice(0, 20)) {
    try {
      const contents = (await target.storedContents(pair)).join('\n');
      out.checkedRooms += 1;
      for (const id of ids) {
        if (contents.includes(`(${id})`)) out.stored += 1;
        else out.notStored += 1;
      }
    } catch (err) {
      out.error = err.message;
    }
  }
  return out;
}

/**
 * @param target  { name, server, connectOne({ member, roomId }, onFrame) → { ws, ticketMs, socketMs } }
 * @param rooms   [{ a, b, roomId }] with a/b = { memberId }
 */
export async function measure(
  target,
  rooms,
  { seconds, intervalMs, drainMs, runTag, connectConcurrency = 20, afterConnect = async () => {} },
) {
  const sentAt = new Map(); // clientMsgId → ms
  const latencies = [];
  const delays = []; // [seconds after the first send when it was sent, latency ms]: where the slow ones sit
  const errors = new Map();
  let counting = true;
  let unexpectedCloses = 0;
  const closeCodes = new Map();
  const sentBy = new Map(); // clientMsgId → { roomId, pair } (to look for what was lost)
  let connectFailures = 0;
  let lastDelivery = 0;
  let firstSend = 0;
  const clients = [];
  const connectTimes = { total: [], ticket: [], socket: [] };

  const frameHandler = (me) => (frame) => {
    if (!counting) return;
    if (frame.type === 'message' && frame.senderId !== me.memberId && sentAt.has(frame.clientMsgId)) {
      const now = performance.now();
      latencies.push(now - sentAt.get(frame.clientMsgId));
      delays.push([(sentAt.get(frame.clientMsgId) - firstSend) / 1000, now - sentAt.get(frame.clientMsgId)]);
      sentAt.delete(frame.clientMsgId);
      lastDelivery = now;
    } else if (frame.type === 'error' && frame.clientMsgId !== null && sentAt.has(frame.clientMsgId)) {
      errors.set(frame.code, (errors.get(frame.code) ?? 0) + 1);
      sentAt.delete(frame.clientMsgId);
    }
  };

  const load0 = os.loadavg()[0];
  const cpu0 = cpuTimes();
  const server0 = serverCpu(target);

  const pairs = rooms.flatMap((r) => [
    { member: r.a, roomId: r.roomId },
    { member: r.b, roomId: r.roomId },
  ]);
  const connectStarted = performance.now();
  await pool(pairs, connectConcurrency, async (pair) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const c = await target.connectOne(pair, frameHandler(pair.member));
        connectTimes.total.push(c.ticketMs + c.socketMs);
        connectTimes.ticket.push(c.ticketMs);
        connectTimes.socket.push(c.socketMs);
        c.ws.onclose = (event) => {
          if (c.ws.benchDone) return;
          unexpectedCloses += 1;
          closeCodes.set(event.code, (closeCodes.get(event.code) ?? 0) + 1);
        };
        clients.push({ ws: c.ws, member: pair.member, pair });
        return;
      } catch (err) {
        connectFailures += 1;
        if (attempt >= 5) throw err;
        console.warn(`  ${target.name}: socket for room ${pair.roomId} failed (${err.message}), retrying…`);
        await new Promise((r) => setTimeout(r, 1000 * attempt));
      }
    }
  });
  const connectWallMs = performance.now() - connectStarted;
  const serverConnected = serverCpu(target);
  await afterConnect();

  let sent = 0;
  const timers = [];
  firstSend = performance.now();
  const stopAt = firstSend + seconds * 1000;
  clients.forEach((client, i) => {
    let seq = 0;
    // Spread the clients evenly over one interval so the load is steady, not in bursts.
    const start = setTimeout(
      () => {
        const tick = () => {
          if (performance.now() >= stopAt) return clearInterval(timer);
          const clientMsgId = `${runTag}-${i}-${++seq}`;
          sentAt.set(clientMsgId, performance.now());
          sentBy.set(clientMsgId, client.pair);
          // The id is in the text too: history pages carry no clientMsgId, and lost ones are looked up.
          const content = `안녕하세요! ${seq}번째 메시지예요 (${clientMsgId})`;
          client.ws.send(JSON.stringify({ type: 'send', content, clientMsgId }));
          sent += 1;
        };
        const timer = setInterval(tick, intervalMs);
        timers.push(timer);
        tick();
      },
      (i / clients.length) * intervalMs,
    );
    timers.push(start);
  });
  await new Promise((r) => setTimeout(r, seconds * 1000));
  timers.forEach(clearTimeout);
  timers.forEach(clearInterval);
  const drainUntil = performance.now() + drainMs;
  while (sentAt.size > 0 && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 100));
  const drainedMs = performance.now() - stopAt;
  const server1 = serverCpu(target);
  const cpu1 = cpuTimes();
  // What has not arrived by now is lost, even if it turns up while we look for it.
  counting = false;
  const lostWhere = sentAt.size > 0 ? await whereLost(target, sentAt, sentBy) : null;
  for (const { ws } of clients) {
    ws.benchDone = true;
    ws.close(1000, 'bench done');
  }

  latencies.sort((x, y) => x - y);
  const sortNum = (a) => [...a].sort((x, y) => x - y);
  const ct = {
    total: sortNum(connectTimes.total),
    ticket: sortNum(connectTimes.ticket),
    socket: sortNum(connectTimes.socket),
  };
  const delivered = latencies.length;
  const refused = [...errors.values()].reduce((n, v) => n + v, 0);
  const spanS = Math.max(lastDelivery - firstSend, 1) / 1000;
  // What the runtime spent connecting (per socket) and then on the messages (per delivered message).
  const connectCpuS = serverConnected.workerd - server0.workerd;
  const workerdS = server1.workerd - serverConnected.workerd;
  return {
    target: target.name,
    rooms: rooms.length,
    sockets: clients.length,
    sent,
    delivered,
    refused,
    lost: sent - delivered - refused,
    unexpectedCloses,
    closeCodes: Object.fromEntries(closeCodes),
    lostWhere,
    connectFailures,
    msgsPerS: round1(delivered / spanS),
    p50Ms: round2(percentile(latencies, 50)),
    p99Ms: round2(percentile(latencies, 99)),
    // When the slowest 1 % were sent (s after the first send): a burst or spread over the run.
    slowestSentS: slowestSent(delays),
    maxMs: round1(latencies.at(-1) ?? NaN),
    // Per socket: (ticket +) socket open → ready frame, with `connectConcurrency` connecting at once.
    connectP50Ms: round1(percentile(ct.total, 50)),
    connectP99Ms: round1(percentile(ct.total, 99)),
    ticketP50Ms: round1(percentile(ct.ticket, 50)),
    socketP50Ms: round1(percentile(ct.socket, 50)),
    connectWallS: round1(connectWallMs / 1000),
    drainS: round1(drainedMs / 1000),
    connectCpuMsPerSocket: +((connectCpuS * 1000) / Math.max(clients.length, 1)).toFixed(2),
    workerdCpuS: round1(workerdS),
    cpuMsPerMsg: +((workerdS * 1000) / Math.max(delivered, 1)).toFixed(2),
    wranglerNodeCpuS: round1(server1.node - serverConnected.node),
    loadavg1: +load0.toFixed(2),
    loadavg1End: +os.loadavg()[0].toFixed(2),
    machineIdlePct: round1((100 * (cpu1.idle - cpu0.idle)) / Math.max(cpu1.total - cpu0.total, 1)),
    errors: Object.fromEntries(errors),
  };
}
