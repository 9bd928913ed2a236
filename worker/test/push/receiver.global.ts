// Vitest global setup (runs in Node): a real HTTP push receiver on a free loopback port, so Worker
// tests can send real encrypted pushes over the network (DEV_PORTAL allows http://127.0.0.1).
// POST /push/<status>[-<retry-after>]/<id> records the request and answers <status>;
// GET /received/<id> answers the recorded requests as JSON (headers, body in base64url).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    pushReceiverOrigin: string;
  }
}

type Recorded = { method: string; path: string; headers: Record<string, string>; body: string };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const received = new Map<string, Recorded[]>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const push = /^\/push\/(\d{3})(?:-(\d+))?\/([\w-]+)$/.exec(path);
      if (req.method === 'POST' && push) {
        const [, status = '500', retryAfter, id = ''] = push;
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
        const list = received.get(id) ?? [];
        list.push({ method: req.method, path, headers, body: Buffer.concat(chunks).toString('base64url') });
        received.set(id, list);
        res.writeHead(Number(status), retryAfter ? { 'Retry-After': retryAfter } : {});
        res.end();
        return;
      }
      const read = /^\/received\/([\w-]+)$/.exec(path);
      if (req.method === 'GET' && read?.[1]) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(received.get(read[1]) ?? []));
        return;
      }
      res.writeHead(404);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  project.provide('pushReceiverOrigin', `http://127.0.0.1:${port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
