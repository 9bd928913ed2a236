// Sign-in, signup session and logout calls (docs/auth.md). No TanStack Query here: the landing
// page imports these and stays light; the hooks live in auth-hooks.ts.
import type { AccessTokenResponse, CallbackResponse, OauthStateResponse } from '@contract/auth';
import type { Portal } from '@contract/enums';
import { STORAGE_KEYS } from '@contract/limits';
import { makeOauthState } from '../lib/oauth-state';
import { resyncPushSubscription } from '../lib/push';
import { accessTokenStore, clearMemberState, sessionValue } from '../lib/storage';
import { api } from './client';

export interface PreparedLogin {
  authorizeUrls: OauthStateResponse['authorizeUrls'];
  preparedAt: number;
  /** The state inside these URLs: the callback compares it with the stored one. */
  oauthState: string;
}

/** Makes and stores a fresh OAuth state and registers it with the Worker (step 1). */
export async function prepareLogin(): Promise<PreparedLogin> {
  const oauthState = makeOauthState();
  sessionValue.set(STORAGE_KEYS.oauthState, oauthState);
  const { authorizeUrls } = await api.post<OauthStateResponse>('/api/setOauthState', { json: { oauthState } });
  return { authorizeUrls, preparedAt: Date.now(), oauthState };
}

export function sendPortalCallback(portal: Portal, code: string, state: string): Promise<CallbackResponse> {
  return api.post<CallbackResponse>(`/api/${portal}/callback`, { json: { code, state } });
}

/** Exchanges the one-time login ticket (cookie) for an access token and keeps it. */
export async function loginWithTicket(memberId: number): Promise<string> {
  const { accessToken } = await api.post<AccessTokenResponse>(`/login/${memberId}`);
  accessTokenStore.set(accessToken);
  // Sign-out removed this browser's push subscription on the server; register it again (upsert).
  void resyncPushSubscription();
  return accessToken;
}

/** POST /api/logout, then forget everything local whatever the answer. Resolves to whether the server agreed. */
export async function logout(): Promise<boolean> {
  let ok = true;
  try {
    await api.post('/api/logout', { auth: true });
  } catch {
    ok = false;
  }
  clearMemberState();
  return ok;
}
