// A D1 binding that writes down every SQL text the code under test prepares (tests of what
// statements run: last-active stamps, statements built once).
import { env } from 'cloudflare:test';

export function recordingDb(): { db: D1Database; statements: string[] } {
  const statements: string[] = [];
  // The binding and the D1 sessions opened on it (every request opens one: lib/d1.ts).
  const record = <T extends D1Database | D1DatabaseSession>(d1: T): T =>
    new Proxy(d1, {
      get(target, prop) {
        if (prop === 'prepare') {
          return (query: string) => {
            statements.push(query);
            return target.prepare(query);
          };
        }
        if (prop === 'withSession') return (start?: string) => record((target as D1Database).withSession(start));
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return { db: record(env.DB), statements };
}
