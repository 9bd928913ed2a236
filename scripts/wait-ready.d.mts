export type WaitResult =
  | { ok: true; ms: number; attempts: number }
  | { ok: false; reason: 'timeout' | 'stopped'; ms: number; attempts: number; last: string };

export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
  requestTimeoutMs?: number;
  stopped?: () => boolean;
  fetchImpl?: (
    url: string,
    init: { redirect: 'manual'; headers: Record<string, string> },
  ) => Promise<{ ok: boolean; status: number }>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export function waitUntilAnswering(url: string, options?: WaitOptions): Promise<WaitResult>;
