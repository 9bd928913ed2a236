// Where wrangler keeps local D1 and R2 state, and how this script reaches them: the D1
// SQLite file directly through libSQL, R2 through wrangler's platform proxy.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Client, createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import * as schema from '../../worker/src/db/schema';
import type { Db } from '../../worker/src/lib/env';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** `--persist-to X` as wrangler takes it: state lives under X/v3 (default .wrangler/state). */
export function stateDir(persistTo: string | undefined): string {
  return path.join(persistTo ? path.resolve(ROOT, persistTo) : path.join(ROOT, '.wrangler', 'state'), 'v3');
}

export class SetupError extends Error {}

/** The local D1 database file that has the app's tables (migrations applied). */
export async function findLocalD1(state: string): Promise<string> {
  const dir = path.join(state, 'd1', 'miniflare-D1DatabaseObject');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.sqlite')) : [];
  for (const file of files) {
    const client = createClient({ url: `file:${path.join(dir, file)}` });
    try {
      const found = await client.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'members'");
      if (found.rows.length > 0) return path.join(dir, file);
    } finally {
      client.close();
    }
  }
  throw new SetupError(
    `로컬 D1에 members 테이블이 없어요 (${path.relative(ROOT, dir)}). 마이그레이션을 먼저 적용해 주세요:\n` +
      '  npx wrangler d1 migrations apply DB --local',
  );
}

/**
 * A drizzle handle on the D1 file. The repos are typed for D1, but use only the query
 * builder and `batch`, which libSQL's drizzle driver provides with the same behaviour.
 */
export function openLocalDb(file: string): { db: Db; client: Client } {
  const client = createClient({ url: `file:${file}` });
  return { db: drizzle(client, { schema }) as unknown as Db, client };
}

export type MediaPut = { key: string; bytes: Uint8Array; contentType: string };

export type LocalMedia = { bucket: R2Bucket; dispose: () => Promise<void> };

/**
 * wrangler.toml cut down to what the proxy needs here: the R2 buckets (same bucket names, so the
 * same local storage). With the chat Durable Objects in it, wrangler warns that they "will not work
 * in local development" and workerd that their classes are not exported — true of a proxy without
 * the Worker's code, harmless here, and read by a newcomer running `npm start` as a broken setup.
 */
export function mediaOnlyConfig(raw: Record<string, unknown>): Record<string, unknown> {
  return {
    name: raw.name,
    compatibility_date: raw.compatibility_date,
    compatibility_flags: raw.compatibility_flags,
    r2_buckets: raw.r2_buckets,
  };
}

/**
 * The local R2 bucket the Worker reads (binding MEDIA), through wrangler's platform proxy. The
 * proxy's workerd boots in its own process, so a caller can start this and go on working.
 */
export async function openLocalMedia(state: string): Promise<LocalMedia> {
  const { experimental_readRawConfig, getPlatformProxy } = await import('wrangler');
  const { rawConfig } = experimental_readRawConfig({ config: path.join(ROOT, 'wrangler.toml') });
  const dir = mkdtempSync(path.join(tmpdir(), 'ongi-media-proxy-'));
  const configPath = path.join(dir, 'wrangler.json');
  writeFileSync(configPath, JSON.stringify(mediaOnlyConfig(rawConfig as Record<string, unknown>)));
  try {
    const proxy = await getPlatformProxy<{ MEDIA: R2Bucket }>({ configPath, persist: { path: state } });
    return {
      bucket: proxy.env.MEDIA,
      dispose: async () => {
        await proxy.dispose();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Writes objects into the local R2 bucket (binding MEDIA), then shuts the proxy down. */
export async function withLocalMedia<T>(
  state: string,
  use: (bucket: R2Bucket) => Promise<T>,
  opening: Promise<LocalMedia> = openLocalMedia(state),
): Promise<T> {
  const media = await opening;
  try {
    return await use(media.bucket);
  } finally {
    await media.dispose();
  }
}
