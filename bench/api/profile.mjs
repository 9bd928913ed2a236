// CPU profile of the Ongi Worker under load, through `wrangler dev`'s inspector (Chrome DevTools
// protocol): bench/api/run.mjs --profile <endpoint> calls this around one load run, then prints
// where the Worker's own time went (self time by function, and by bundle area).

/** Connects to the inspector's first target; resolves with a `send(method, params)` function. */
export async function openInspector(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  const target = targets.find((t) => t.webSocketDebuggerUrl) ?? targets[0];
  // The inspector proxy accepts only local origins (Node's WebSocket sends a user agent, no Origin).
  const ws = new WebSocket(target.webSocketDebuggerUrl, { headers: { Origin: 'http://localhost' } });
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = () => reject(new Error(`inspector ${target.webSocketDebuggerUrl} did not open`));
  });
  let id = 0;
  const pending = new Map();
  ws.onmessage = (event) => {
    const msg = JSON.parse(event.data);
    if (msg.id !== undefined && pending.has(msg.id)) {
      const { resolve, reject } = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.error) reject(new Error(JSON.stringify(msg.error)));
      else resolve(msg.result);
    }
  };
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const n = ++id;
      pending.set(n, { resolve, reject });
      ws.send(JSON.stringify({ id: n, method, params }));
    });
  return { send, close: () => ws.close() };
}

const label = (node) => {
  const f = node.callFrame;
  const where = f.url ? ` ${f.url.split('/').slice(-1)[0]}:${f.lineNumber + 1}` : '';
  return `${f.functionName || '(anonymous)'}${where}`;
};

/** Self and total (inclusive) time per function from a .cpuprofile, largest first, in % of samples. */
export function summarize(profile, top = 25) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const self = new Map();
  const inclusive = new Map();
  const samples = profile.samples.filter((s) => !/^\((idle|program)\)$/.test(byId.get(s).callFrame.functionName));
  for (const sample of samples) {
    const key = label(byId.get(sample));
    self.set(key, (self.get(key) ?? 0) + 1);
    const seen = new Set();
    for (let id = sample; id !== undefined; id = parent.get(id)) {
      const k = label(byId.get(id));
      if (!seen.has(k)) inclusive.set(k, (inclusive.get(k) ?? 0) + 1);
      seen.add(k);
    }
  }
  const pct = (n) => `${((n / samples.length) * 100).toFixed(1).padStart(5)}%`;
  const list = (map) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, n]) => `  ${pct(n)}  ${k}`)
      .join('\n');
  return `busy samples: ${samples.length} of ${profile.samples.length}\n self:\n${list(self)}\n total:\n${list(inclusive)}`;
}
