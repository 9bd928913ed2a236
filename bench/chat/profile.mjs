// Where the server's time goes during one benchmark run, from the Worker's isolate (under `wrangler
// dev` the Worker and its Durable Objects run in one isolate): Chrome DevTools Protocol over the
// inspector port servers.mjs gives each server (port + 1000), driven from Node over a WebSocket.
//   - V8's sampling profiler (Profiler domain), split into the connect phase and the message phase;
//     samples are attributed to source files through the `// path` comments esbuild writes into
//     the bundle, so the report reads in project terms;
//   - exact call counts of a few functions (message handler, alarm, D1 summary write, live-channel
//     notice, every D1 round trip): conditional breakpoints whose condition counts and never pauses.
// Profiling slows the server: these runs explain the ratios, they are never part of them.
import path from 'node:path';
import { root } from '../../scripts/lib.mjs';

class Inspector {
  constructor(ws) {
    this.ws = ws;
    this.nextId = 1;
    this.waiting = new Map();
    this.scripts = [];
    this.contextId = undefined;
    ws.onmessage = (event) => {
      const msg = JSON.parse(event.data);
      if (msg.method === 'Debugger.scriptParsed') this.scripts.push(msg.params);
      if (msg.method === 'Runtime.executionContextCreated') this.contextId ??= msg.params.context.id;
      const w = msg.id !== undefined && this.waiting.get(msg.id);
      if (!w) return;
      this.waiting.delete(msg.id);
      if (msg.error) w.reject(new Error(`${w.method}: ${msg.error.message}`));
      else w.resolve(msg.result);
    };
  }

  static async open(port) {
    const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
    const url = targets[0]?.webSocketDebuggerUrl;
    if (!url) throw new Error(`no inspector target on :${port}`);
    // The inspector proxy accepts local pages only: a script must say it is one (Origin).
    const ws = new WebSocket(url, { headers: { Origin: 'http://127.0.0.1' } });
    await new Promise((resolve, reject) => {
      ws.onopen = resolve;
      ws.onerror = () => reject(new Error(`inspector ${url}: cannot connect`));
    });
    return new Inspector(ws);
  }

  send(method, params = {}) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, method });
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }

  async evaluate(expression) {
    const { result } = await this.send('Runtime.evaluate', {
      expression,
      returnByValue: true,
      contextId: this.contextId,
    });
    return result.value;
  }

  close() {
    this.ws.close();
  }
}

/** Functions whose calls are counted, wherever they are defined (project file or runtime module). */
const COUNTED = [
  {
    label: 'socket accepted (ChatRoom.fetch / ReferenceRoom.fetch)',
    file: /chat\/chat-room\.ts$|^worker\.js$/,
    name: 'fetch',
    params: 'request',
    method: true,
  },
  {
    label: 'message handled (webSocketMessage)',
    file: /chat\/chat-room\.ts$|^worker\.js$/,
    name: 'webSocketMessage',
    method: true,
  },
  // A room object starting (its first socket, or woken from hibernation by a frame or its alarm).
  {
    label: 'room object started (ChatRoom constructor)',
    file: /chat\/chat-room\.ts$/,
    name: 'constructor',
    method: true,
  },
  { label: 'room alarm (ChatRoom.alarm)', file: /chat\/chat-room\.ts$/, name: 'alarm', method: true },
  { label: 'D1 summary write (writeRoomSummary)', file: /areas\/chat\/repo\.ts$/, name: 'writeRoomSummary' },
  { label: 'live-channel notice (publishToMember)', file: /chat\/notify\.ts$/, name: 'publishToMember' },
  { label: 'ticket issued (issueTicket)', file: /chat\/ticket\.ts$/, name: 'issueTicket' },
  { label: 'ticket verified (verifyTicket)', file: /chat\/ticket\.ts$/, name: 'verifyTicket' },
  // Every D1 statement or batch is one fetch from the binding to the database.
  {
    label: 'D1 round trip (d1-api _wrappedFetch)',
    file: /^cloudflare-internal:d1-api$/,
    name: '_wrappedFetch',
    method: true,
  },
];

/**
 * Runs `run(afterConnect)` — a benchmark run that calls `afterConnect` once its sockets are open —
 * with the profiler and the call counters on. → { result, report, profiles }
 */
export async function profileRun(target, run, { samplingIntervalUs = 500 } = {}) {
  const inspector = await Inspector.open(target.port + 1000);
  await inspector.send('Runtime.enable');
  await inspector.send('Debugger.enable');
  await new Promise((r) => setTimeout(r, 300)); // scriptParsed events for what is already loaded
  const source = await sourceMapper(inspector, target);
  const counted = await setCounters(inspector, source);
  await inspector.send('Profiler.enable');
  await inspector.send('Profiler.setSamplingInterval', { interval: samplingIntervalUs });
  await inspector.evaluate('globalThis.__benchCalls = {}');
  await inspector.send('Profiler.start');
  const phases = {};
  const endPhase = async (name) => {
    const { profile } = await inspector.send('Profiler.stop');
    const calls = (await inspector.evaluate('JSON.stringify(globalThis.__benchCalls ?? {})')) ?? '{}';
    await inspector.evaluate('globalThis.__benchCalls = {}');
    phases[name] = { profile, calls: JSON.parse(calls) };
  };
  let result;
  try {
    result = await run(async () => {
      await endPhase('connect');
      await inspector.send('Profiler.start');
    });
  } finally {
    await endPhase('messages');
    await inspector.send('Debugger.disable'); // drops the counting breakpoints
    inspector.close();
  }
  const report = [];
  const seconds = (p) => (p.endTime - p.startTime) / 1e6;
  if (phases.connect) {
    const per = { count: result.sockets, unit: 'socket' };
    report.push(`  CONNECT phase (${result.sockets} sockets, ${seconds(phases.connect.profile).toFixed(1)} s):`);
    report.push(summarize(phases.connect.profile, source, per));
    report.push(callReport(phases.connect.calls, counted, per));
  }
  const per = {
    count: result.delivered,
    unit: 'message',
    rooms: result.rooms,
    seconds: seconds(phases.messages.profile),
  };
  report.push(
    `  MESSAGE phase (${result.delivered} messages delivered in ${result.rooms} rooms, ${per.seconds.toFixed(1)} s incl. drain):`,
  );
  report.push(summarize(phases.messages.profile, source, per));
  report.push(callReport(phases.messages.calls, counted, per));
  return {
    result,
    report: report.join('\n'),
    profiles: { connect: phases.connect?.profile, messages: phases.messages.profile },
  };
}

/**
 * Maps (script url, line) to a source file, using the scripts the runtime loaded: esbuild starts
 * each module's code in a bundle with a comment naming it (`// ../../work/main/worker/src/…`).
 */
async function sourceMapper(inspector, target) {
  const byUrl = new Map();
  for (const script of inspector.scripts) {
    if (!script.url || byUrl.has(script.url)) continue;
    const internal = !/^file:|^[^:]+\.js$/.test(script.url);
    if (internal) {
      byUrl.set(script.url, { scriptId: script.scriptId, lines: [], marks: [], name: script.url });
      continue;
    }
    const { scriptSource } = await inspector.send('Debugger.getScriptSource', { scriptId: script.scriptId });
    const lines = scriptSource.split('\n');
    const marks = [];
    lines.forEach((l, i) => {
      const m = /^\/\/ ([^\s]+\.(?:[cm]?[jt]sx?|json))$/.exec(l);
      if (!m) return;
      let p = m[1];
      if (p.includes('node_modules/')) p = p.slice(p.lastIndexOf('node_modules/'));
      else {
        const abs = path.resolve(target.work, p);
        p = abs.startsWith(target.work + path.sep) ? path.relative(target.work, abs) : path.relative(root, abs);
      }
      marks.push([i, p]);
    });
    byUrl.set(script.url, { scriptId: script.scriptId, lines, marks, name: path.basename(script.url) });
  }
  const fileAtLine = (url, line) => {
    const s = byUrl.get(url);
    if (!s) return null;
    let found = s.name;
    for (const [at, p] of s.marks) {
      if (at > line) break;
      found = p;
    }
    return found;
  };
  return { byUrl, fileAtLine };
}

/** A counting breakpoint at the first line of each COUNTED function that exists in this server. */
async function setCounters(inspector, source) {
  const counted = [];
  for (const spec of COUNTED) {
    for (const [url, s] of source.byUrl) {
      const def = spec.method
        ? new RegExp(`^\\s*(?:static\\s+)?(?:async\\s+)?${spec.name}\\s*\\(${spec.params ?? '[^)]*'}\\)\\s*\\{\\s*$`)
        : new RegExp(`^\\s*(?:export\\s+)?(?:async\\s+)?function\\s+${spec.name}\\s*\\(`);
      const internal = s.lines.length === 0;
      if (internal) {
        if (!spec.file.test(url)) continue;
        const { scriptSource } = await inspector
          .send('Debugger.getScriptSource', { scriptId: s.scriptId })
          .catch(() => ({}));
        if (!scriptSource) continue;
        s.lines = scriptSource.split('\n');
      }
      for (let i = 0; i < s.lines.length; i++) {
        if (!def.test(s.lines[i]) || !spec.file.test(source.fileAtLine(url, i) ?? '')) continue;
        const key = JSON.stringify(spec.label);
        await inspector
          .send('Debugger.setBreakpoint', {
            location: { scriptId: s.scriptId, lineNumber: i + 1 },
            condition: `(globalThis.__benchCalls ??= {}, globalThis.__benchCalls[${key}] = (globalThis.__benchCalls[${key}] ?? 0) + 1, false)`,
          })
          .then(() => counted.push(spec.label))
          .catch((err) => console.warn(`  cannot count ${spec.label}: ${err.message}`));
      }
      if (internal) s.lines = [];
    }
  }
  return [...new Set(counted)];
}

function callReport(calls, counted, { count, unit, rooms, seconds }) {
  const out = [`  calls counted (exact; per ${unit}${rooms ? ', per room per second' : ''}):`];
  for (const label of counted) {
    const n = calls[label] ?? 0;
    const perRoom = rooms && seconds ? `  ${(n / rooms / seconds).toFixed(3).padStart(7)}/room/s` : '';
    out.push(
      `    ${String(n).padStart(7)}  ${(n / Math.max(count, 1)).toFixed(3).padStart(7)}/${unit}${perRoom}  ${label}`,
    );
  }
  return out.join('\n');
}

/**
 * Self and inclusive share per function and per source file, counting samples (each sample weighs
 * the same). On a loaded machine the gaps between samples are mostly time the thread spent waiting
 * for a core, so weighting by those gaps would blame whatever happened to be on the stack.
 */
export function summarize(profile, source, { count, unit }) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const where = (n) => source.fileAtLine(n.callFrame.url, n.callFrame.lineNumber) ?? n.callFrame.url;
  const fnKey = (n) => {
    const name = n.callFrame.functionName || '(anonymous)';
    const file = where(n);
    return file ? `${name} ${file}` : name;
  };
  const self = new Map();
  const inclusive = new Map();
  const fileSelf = new Map();
  const special = new Map();
  const add = (m, k) => m.set(k, (m.get(k) ?? 0) + 1);
  for (const id of profile.samples) {
    const node = byId.get(id);
    const name = node.callFrame.functionName;
    if (['(idle)', '(program)', '(garbage collector)', '(root)'].includes(name)) {
      add(special, name);
      if (name === '(idle)') continue;
    }
    add(self, fnKey(node));
    add(fileSelf, where(node) || '(native)');
    const seen = new Set();
    for (let p = node.id; p !== undefined; p = parent.get(p)) {
      const n = byId.get(p);
      if (n.callFrame.functionName === '(root)') break;
      const k = fnKey(n);
      if (!seen.has(k)) {
        seen.add(k);
        add(inclusive, k);
      }
    }
  }
  const busy = profile.samples.length - (special.get('(idle)') ?? 0);
  const pct = (v) => ((100 * v) / Math.max(busy, 1)).toFixed(1);
  const top = (m, n) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
  const row = ([k, v]) => `    ${pct(v).padStart(5)} %  ${String(v).padStart(5)}  ${k}`;
  const wallS = (profile.endTime - profile.startTime) / 1e6;
  const out = [
    `  ${profile.samples.length} samples over ${wallS.toFixed(1)} s (${(profile.samples.length / wallS).toFixed(0)}/s), ` +
      `${busy} busy (= 100 %, ${(busy / Math.max(count, 1)).toFixed(2)} per ${unit}; GC ${pct(special.get('(garbage collector)') ?? 0)} %, ` +
      `(program) ${pct(special.get('(program)') ?? 0)} %)`,
    '  self, by source file ((native) = runtime APIs called from JS: SQL, sockets, fetch, crypto):',
    ...top(fileSelf, 12).map(row),
    '  self, by function:',
    ...top(self, 20).map(row),
    '  inclusive, by function (with callees):',
    ...top(inclusive, 30).map(row),
  ];
  return out.join('\n');
}
