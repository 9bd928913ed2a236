// Web Push (docs/notifications.md, docs/api-extensions.md): the browser's subscription as the
// member SPA posts it (`PushSubscription.toJSON()`), the server key answer and the limits.
import { z } from 'zod';

export const PUSH_LIMITS = {
  /** Longest endpoint URL accepted (push services use ~150–500 characters). */
  endpointMaxLength: 2048,
  /** Push attempts (first sends and retries) per endpoint per clock hour; beyond, messages are dropped. */
  triesPerEndpointPerHour: 60,
  /** Devices kept per member; subscribing one more forgets the least recently registered. */
  subscriptionsPerMember: 10,
  /** Bytes of an uncompressed P-256 point (0x04 ‖ x ‖ y) and of the auth secret (RFC 8291 §3). */
  p256dhBytes: 65,
  authBytes: 16,
} as const;

export const PUSH_KO = {
  endpointInvalid: '알림 주소가 올바르지 않아요.',
  endpointNotHttps: '알림 주소는 https로 시작해야 해요.',
  endpointNotAllowed: '브라우저의 알림 서비스 주소만 등록할 수 있어요.',
  p256dhInvalid: '알림 암호화 키(p256dh)가 올바르지 않아요.',
  authInvalid: '알림 인증 키(auth)가 올바르지 않아요.',
  subscriptionNotFound: '등록된 알림 기기를 찾을 수 없어요.',
  notConfigured: '지금은 푸시 알림을 켤 수 없어요. 잠시 후 다시 시도해 주세요.',
} as const;

/** Unpadded base64url of exactly `bytes` bytes (browsers send keys this way; a trailing `=` is tolerated). */
const base64urlOf = (bytes: number, message: string) => {
  const chars = Math.ceil((bytes * 4) / 3);
  return z
    .string({ error: message })
    .transform((s) => s.replace(/=+$/, ''))
    .pipe(z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${chars}}$`), { message }));
};

export const pushSubscriptionBody = z.strictObject({
  endpoint: z
    .string({ error: PUSH_KO.endpointInvalid })
    .min(1, { message: PUSH_KO.endpointInvalid })
    .max(PUSH_LIMITS.endpointMaxLength, { message: PUSH_KO.endpointInvalid }),
  keys: z.object(
    {
      p256dh: base64urlOf(PUSH_LIMITS.p256dhBytes, PUSH_KO.p256dhInvalid),
      auth: base64urlOf(PUSH_LIMITS.authBytes, PUSH_KO.authInvalid),
    },
    { error: PUSH_KO.p256dhInvalid },
  ),
  /** Sent by `toJSON()`; not used (push services tell us when a subscription ends). */
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const pushUnsubscribeBody = z.strictObject({
  endpoint: z
    .string({ error: PUSH_KO.endpointInvalid })
    .min(1, { message: PUSH_KO.endpointInvalid })
    .max(PUSH_LIMITS.endpointMaxLength, { message: PUSH_KO.endpointInvalid }),
});
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeBody>;

/** GET /api/push/vapid-public-key: the `applicationServerKey` for `pushManager.subscribe`. */
export type VapidPublicKeyAnswer = { publicKey: string };

/** POST / DELETE /api/on/push/subscriptions. */
export type PushSubscriptionAnswer = { endpoint: string; subscribed: boolean };
