// A D1 binding that writes down every SQL text the code under test prepares (tests of what
// statements run: last-active stamps, statements built once).
import { env } from 'cloudflare:test';

export function recordingDb(): { db: D1Database; statements: string[] } {
  const statements: string[] = [];
  const db = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (query: string) => {
          statements.push(query);
          return target.prepare(query);
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db, statements };
}
