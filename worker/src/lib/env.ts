// Bindings and variables the Worker runs with (wrangler.toml, .dev.vars, secrets).
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import type * as schema from '../db/schema';
import type { AdminRole, SecondFactorState } from '../contract/admin-auth';

// The Durable Object classes import lib/ (clock, db, errors), so this file must not import them
// back: their RPC surfaces are merged into these two interfaces by areas/chat/chat-room.ts and areas/live/member-channel.ts.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ChatRoomObject extends Rpc.DurableObjectBranded {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface MemberChannelObject extends Rpc.DurableObjectBranded {}

export interface Env {
  DB: D1Database;
  MEDIA: R2Bucket;
  ASSETS: Fetcher;
  /** One chat room per object (areas/chat/chat-room.ts). */
  CHAT_ROOM: DurableObjectNamespace<ChatRoomObject>;
  /** One member's live chat channel per object (areas/live/member-channel.ts). */
  MEMBER_CHANNEL: DurableObjectNamespace<MemberChannelObject>;
  /** Queue `notif`: notification fan-out and push, consumed by this Worker (areas/notifications/queue.ts). */
  NOTIF_QUEUE: Queue;
  DEV_PORTAL?: string;
  APP_ORIGIN?: string;
  JWT_SECRET?: string;
  ACCESS_TOKEN_TTL_SECONDS?: string;
  REFRESH_TOKEN_TTL_DAYS?: string;
  TERMS_VERSION?: string;
  NAVER_CLIENT_ID?: string;
  NAVER_CLIENT_SECRET?: string;
  NAVER_AUTHORIZE_URL?: string;
  NAVER_TOKEN_URL?: string;
  NAVER_PROFILE_URL?: string;
  KAKAO_CLIENT_ID?: string;
  KAKAO_CLIENT_SECRET?: string;
  KAKAO_AUTHORIZE_URL?: string;
  KAKAO_TOKEN_URL?: string;
  KAKAO_PROFILE_URL?: string;
  KAKAO_MAPS_JS_KEY?: string;
  /** PortOne V2 identity verification (본인확인, docs/trust.md "Identity"): store id and channel key (public). */
  PORTONE_STORE_ID?: string;
  PORTONE_CHANNEL_KEY?: string;
  /** PortOne V2 API secret (secret). */
  PORTONE_API_SECRET?: string;
  /** PortOne REST origin; empty = https://api.portone.io, or the dev portal's emulation when DEV_PORTAL=true. */
  PORTONE_API_URL?: string;
  /** HMAC key for the CI kept of each verified person (secret; never exported). */
  IDENTITY_CI_KEY?: string;
  /** Web Push (docs/notifications.md): base64url uncompressed P-256 point, its 32-byte private scalar, mailto:/https: contact. */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  /** Signups allowed per address and hour (default 30); the browser suite raises it, as every spec signs up from loopback. */
  SIGNUP_LIMIT_PER_HOUR?: string;
  /** In-app calls (docs/voice.md "Calls"): Cloudflare Realtime TURN key id and its API token (secrets). */
  TURN_KEY_ID?: string;
  TURN_KEY_API_TOKEN?: string;
  /** Comma-separated STUN URLs answered when no TURN key is set (empty: none; loopback needs none). */
  CALL_STUN_URLS?: string;
  /** Development only (with DEV_PORTAL=true, else ignored): ms every D1 round trip waits (lib/d1.ts, bench/latency). */
  D1_LATENCY_MS?: string;
  /**
   * Development only (with DEV_PORTAL=true, else ignored): 'true' tries a D1 round trip that met
   * `SQLITE_BUSY` again (lib/d1.ts); the browser suite sets it, as its specs' direct SQL locks the file.
   */
  D1_BUSY_RETRY?: string;
  /** Tests only: ISO time the clock reports instead of the real one. */
  FIXED_NOW?: string;
}

export type Db = DrizzleD1Database<typeof schema>;

export interface Variables {
  requestId: string;
  db: Db;
  memberId: number;
  adminId: number;
  /** The signed-in operator (requireAdmin): who they are and their role. */
  admin: { id: number; name: string; email: string; role: AdminRole };
  /** The console session (requireAdminSession / requireAdmin): its id and second-factor state. */
  adminSession: { id: string; admin: Variables['admin']; secondFactor: SecondFactorState };
}

export type AppEnv = { Bindings: Env; Variables: Variables };

export const devPortalEnabled = (env: Env): boolean => env.DEV_PORTAL === 'true';
