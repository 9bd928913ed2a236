// Request/response schemas for sign-in, signup and session (api-contract "Sign-in, signup, session").
import { z } from 'zod';
import { boundedArray } from './bounded-array';
import {
  AGREEMENT_ITEMS,
  canonicalInterest,
  GENDERS,
  INTEREST_TAGS,
  LOOKING_FOR,
  PROVIDER_TYPES,
  REQUIRED_AGREEMENTS,
} from './enums';
import { LIMITS } from './limits';
import { VALIDATION_KO as M } from './messages';
import { nicknameField } from './nickname';

export const oauthStateBody = z.strictObject({
  oauthState: z
    .string()
    .min(16, M.oauthStateInvalid)
    .max(128, M.oauthStateInvalid)
    .regex(/^[A-Za-z0-9_-]+$/, M.oauthStateInvalid),
});

export const callbackBody = z.strictObject({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(128),
});

export const agreementsSchema = z
  .strictObject(
    Object.fromEntries(AGREEMENT_ITEMS.map((k) => [k, z.boolean()])) as Record<
      (typeof AGREEMENT_ITEMS)[number],
      z.ZodBoolean
    >,
  )
  .refine((a) => REQUIRED_AGREEMENTS.every((k) => a[k]), { message: M.agreementRequired });
export type Agreements = z.infer<typeof agreementsSchema>;

export const interestsSchema = boundedArray(
  z
    .string({ error: M.interestUnknown })
    .transform(canonicalInterest)
    .pipe(z.enum(INTEREST_TAGS, { error: M.interestUnknown })),
  LIMITS.maxInterests,
  M.interestsMax,
).refine((list) => new Set(list).size === list.length, { message: M.interestUnknown });

const latSchema = z.coerce.number().min(33, M.coordinatesOutOfRange).max(39, M.coordinatesOutOfRange);
const lngSchema = z.coerce.number().min(124, M.coordinatesOutOfRange).max(132, M.coordinatesOutOfRange);

/**
 * The JSON `data` part of POST /api/member/profile. `name` is the public 닉네임. The identity
 * fields (email, birthday, age, gender, providerType) are accepted for the original client's sake
 * and ignored: the portal and the verification (본인확인) decide them.
 */
export const signupData = z
  .strictObject({
    name: nicknameField,
    email: z.string().max(320).optional(),
    birthday: z.string().max(10).optional(),
    age: z.number().int().min(0).max(150).optional(),
    gender: z.enum(GENDERS).optional(),
    lookingFor: z.enum(LOOKING_FOR, { error: M.lookingForRequired }),
    providerType: z.enum(PROVIDER_TYPES).optional(),
    interests: interestsSchema,
    agreements: agreementsSchema,
    city: z.string().trim().min(1).max(30).optional(),
    district: z.string().trim().min(1).max(30).optional(),
    lat: latSchema.optional(),
    lng: lngSchema.optional(),
  })
  .refine((d) => d.agreements.LOCATION || (d.city === undefined && d.lat === undefined), {
    message: M.locationNeedsConsent,
    path: ['city'],
  })
  .refine(
    (d) =>
      [d.city, d.district, d.lat, d.lng].every((v) => v === undefined) ||
      [d.city, d.district, d.lat, d.lng].every((v) => v !== undefined),
    { message: M.locationIncomplete, path: ['district'] },
  );
export type SignupData = z.infer<typeof signupData>;

export const locationBody = z.strictObject({
  address: z.string().trim().min(2, M.locationIncomplete).max(200),
  lat: latSchema,
  lng: lngSchema,
});
export type LocationBody = z.infer<typeof locationBody>;

/** Payload of the temporary signup token (docs/product-spec.md §3), readable by the SPA. */
export const signupTokenPayload = z.object({
  name: z.string(),
  email: z.string(),
  gender: z.enum(GENDERS),
  birthday: z.string(),
  age: z.number(),
  providerType: z.enum(PROVIDER_TYPES),
  exp: z.number(),
});
export type SignupTokenPayload = z.infer<typeof signupTokenPayload>;

export type CallbackResponse = { status: 'LOGIN'; id: number } | { status: 'NEED_AGREEMENT'; token: string };
export type AccessTokenResponse = { accessToken: string };
export type OauthStateResponse = { authorizeUrls: Partial<Record<'naver' | 'kakao', string>> };
