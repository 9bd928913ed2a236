// 본인확인 through PortOne V2 (docs/trust.md "Identity"): @portone/browser-sdk opens the carrier
// window (redirect mode: the page comes back to `redirectPath?identityVerificationId=…`). With the
// dev portal on, the Worker's emulated SDK script is put in place first, so the SDK's own
// requestIdentityVerification runs against it instead of cdn.portone.io.
import type { IdentityConfig, VerifiedIdentity } from '@contract/identity';
import { api } from '../api/client';
import { sessionValue } from './storage';

const VERIFIED_KEY = 'verifiedIdentity';

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error('script failed')));
    document.head.appendChild(script);
  });
}

/** Opens the verification; resolves with the id when the SDK answers in place (popup), else navigates away. */
export async function startIdentityVerification(
  redirectPath: string,
): Promise<{ id: string; failure?: string } | null> {
  const config = await api.get<IdentityConfig>('/api/member/identity/config');
  if (config.devSdkUrl && !window.PortOne) await loadScript(config.devSdkUrl);
  const PortOne = await import('@portone/browser-sdk/v2');
  const identityVerificationId = `ongi-${crypto.randomUUID().replaceAll('-', '')}`;
  const res = await PortOne.requestIdentityVerification({
    storeId: config.storeId,
    channelKey: config.channelKey,
    identityVerificationId,
    redirectUrl: new URL(redirectPath, window.location.origin).toString(),
  });
  if (!res) return null;
  return { id: res.identityVerificationId, ...(res.code ? { failure: res.message ?? res.code } : {}) };
}

/** The return leg of redirect mode: `?identityVerificationId=…` (and `code`/`message` when it failed). */
export function readVerificationReturn(search: string): { id: string; failure?: string } | null {
  const params = new URLSearchParams(search);
  const id = params.get('identityVerificationId');
  if (!id) return null;
  const code = params.get('code');
  return { id, ...(code ? { failure: params.get('message') ?? code } : {}) };
}

/** What the signup form shows of the verification (never the CI): kept for this tab only. */
export const verifiedIdentityStore = {
  get(): VerifiedIdentity | null {
    try {
      const v = JSON.parse(sessionValue.get(VERIFIED_KEY) ?? 'null') as VerifiedIdentity | null;
      return v && typeof v.name === 'string' && typeof v.birthDate === 'string' ? v : null;
    } catch {
      return null;
    }
  },
  set(v: VerifiedIdentity): void {
    sessionValue.set(VERIFIED_KEY, JSON.stringify(v));
  },
  clear(): void {
    sessionValue.remove(VERIFIED_KEY);
  },
};
