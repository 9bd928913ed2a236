// The one way the console talks to the Worker: session cookie included, the CSRF header the
// Worker requires on every unsafe admin call, JSON, and the spec's 15 s request timeout.
import { fetchUtils } from 'react-admin';
import { ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE } from '@contract/admin-auth';
import { LIMITS } from '@contract/limits';

export type AdminFetchResult = { status: number; headers: Headers; body: string; json: unknown };

export function adminFetch(url: string, options: fetchUtils.Options = {}): Promise<AdminFetchResult> {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  headers.set(ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE);
  return fetchUtils.fetchJson(url, {
    ...options,
    headers,
    credentials: 'include',
    signal: options.signal ?? AbortSignal.timeout(LIMITS.requestTimeoutMs),
  });
}
