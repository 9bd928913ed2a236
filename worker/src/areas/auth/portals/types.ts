// What every OAuth portal adapter provides, and the identity it vouches for.
import type { Gender, Portal, ProviderType } from '../../../contract/enums';
import type { Env } from '../../../lib/env';

/** A portal's profile, normalised: the only shape the rest of the Worker sees. */
export type PortalIdentity = {
  providerType: ProviderType;
  providerUserId: string;
  name: string;
  email: string;
  gender: Gender;
  birthday: string; // YYYY-MM-DD
};

/** Outbound HTTP for portal calls (portalFetch in production, a fake in unit tests). */
export type PortalFetcher = (url: string, init?: RequestInit) => Promise<Response>;

export type PortalEndpoints = { authorize: string; token: string; profile: string };

export interface PortalAdapter {
  readonly portal: Portal;
  /** Whether this portal has a client id, i.e. whether to offer it at all. */
  configured(env: Env): boolean;
  endpoints(env: Env, origin: string): PortalEndpoints;
  authorizeUrl(env: Env, origin: string, state: string): string;
  /** Trades the authorization code for the portal's access token. */
  exchangeCode(fetcher: PortalFetcher, env: Env, origin: string, code: string, state: string): Promise<string>;
  fetchProfile(fetcher: PortalFetcher, env: Env, origin: string, accessToken: string): Promise<PortalIdentity>;
}

export const redirectUri = (origin: string, portal: Portal): string => `${origin}/${portal}/callback`;
