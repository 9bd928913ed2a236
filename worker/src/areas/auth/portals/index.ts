// The portal registry: which adapter serves /{portal}/…, and which portals to offer.
import type { Portal } from '../../../contract/enums';
import type { Env } from '../../../lib/env';
import { kakaoAdapter } from './kakao';
import { naverAdapter } from './naver';
import type { PortalAdapter } from './types';

const ADAPTERS: Record<Portal, PortalAdapter> = { naver: naverAdapter, kakao: kakaoAdapter };

export function adapterFor(portal: Portal): PortalAdapter {
  return ADAPTERS[portal];
}

/** Naver is always offered; Kakao only once its client id is configured. */
export function offeredPortals(env: Env): Portal[] {
  return kakaoAdapter.configured(env) ? ['naver', 'kakao'] : ['naver'];
}
