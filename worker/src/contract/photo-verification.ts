// Verified photos (사진 인증; docs/trust.md "Verified photos", docs/api-extensions.md):
// the poses a member is asked to copy, the reasons an operator may reject with, the limits and the
// Korean messages shared by the Worker, the member SPA and the console.
import { z } from 'zod';
import { LIMITS } from './limits';

/**
 * The poses, each drawn as an illustration in the member SPA and the console
 * (member-web/src/pages/verify-photo/PoseIllustration.tsx) with this caption.
 */
export const POSES = {
  V_SIGN: '한 손으로 브이(V)를 해 주세요',
  THUMBS_UP: '엄지를 위로 들어 주세요',
  HAND_ON_CHEEK: '한 손을 볼에 대 주세요',
  OK_SIGN: '손가락으로 OK 모양을 만들어 주세요',
  THREE_FINGERS: '손가락 세 개를 펴 보여 주세요',
  OPEN_PALM: '손바닥을 펴서 카메라 쪽으로 보여 주세요',
  FIST_UNDER_CHIN: '주먹을 턱 아래에 대 주세요',
  POINT_UP: '검지로 위를 가리켜 주세요',
  HAND_ON_HEAD: '한 손을 머리 위에 올려 주세요',
  TURN_LEFT: '고개를 왼쪽으로 살짝 돌려 주세요',
  TURN_RIGHT: '고개를 오른쪽으로 살짝 돌려 주세요',
  CHIN_UP: '턱을 살짝 들어 주세요',
  FINGER_HEART: '손가락으로 하트를 만들어 주세요',
  COVER_ONE_EYE: '한 손으로 한쪽 눈을 가려 주세요',
} as const;
export type Pose = keyof typeof POSES;
export const POSE_IDS = Object.keys(POSES) as Pose[];
export const isPose = (s: string): s is Pose => Object.hasOwn(POSES, s);

/** Why an operator turns a selfie down (the member sees the text). */
export const PHOTO_REJECT_REASONS = {
  POSE_MISMATCH: '포즈가 달라요',
  FACE_NOT_VISIBLE: '얼굴이 보이지 않아요',
  NOT_SAME_PERSON: '프로필 사진과 같은 사람이 아니에요',
  BLURRY: '사진이 흐려요',
  NOT_LIVE: '직접 찍은 사진이 아니에요',
  MAIN_PHOTO_UNCLEAR: '대표 사진에서 얼굴을 확인할 수 없어요',
} as const;
export type PhotoRejectReason = keyof typeof PHOTO_REJECT_REASONS;
export const PHOTO_REJECT_REASON_IDS = Object.keys(PHOTO_REJECT_REASONS) as [PhotoRejectReason, ...PhotoRejectReason[]];

export const PHOTO_VERIFICATION_LIMITS = {
  /** Selfies a member may send per Korean calendar day. */
  attemptsPerDay: 5,
  /** How long a pose stays valid after the server chose it. */
  poseTtlSeconds: 30 * 60,
  /** A selfie leaves R2 this many days after the operator's decision (daily cron). */
  selfieKeepDays: 30,
  /** Selfie upload size (the 413 past it): the same limit as every image. */
  selfieMaxBytes: LIMITS.imageMaxBytes,
} as const;

export const PHOTO_VERIFICATION_KO = {
  needMainPhoto: '사진 인증은 대표 사진이 있어야 할 수 있어요. 먼저 대표 사진을 올려 주세요.',
  alreadyPending: '이미 인증을 요청했어요. 운영자가 확인할 때까지 조금만 기다려 주세요.',
  alreadyVerified: '이미 사진 인증을 받았어요.',
  tooMany: (limit: number) => `사진 인증은 하루 ${limit}번까지 할 수 있어요. 내일(한국 시간 0시 이후) 다시 해 주세요.`,
  poseExpired: '포즈 안내 시간이 지났어요. 새 포즈를 받아 다시 찍어 주세요.',
  selfieRequired: '인증 사진을 찍어 주세요.',
  selfieTooLarge: `인증 사진은 ${PHOTO_VERIFICATION_LIMITS.selfieMaxBytes / 1024 / 1024}MB 이하로 올려 주세요.`,
  sourceInvalid: '사진을 찍은 방법을 알 수 없어요. 다시 시도해 주세요.',
  notFound: '인증 요청을 찾을 수 없어요.',
  alreadyDecided: '이미 처리된 인증 요청이에요.',
  reasonRequired: '거절 사유를 골라 주세요.',
  matchNotFound: '중복 사진 신고를 찾을 수 없어요.',
  bannedPhoto: '이 사진은 사용할 수 없어요. 본인이 직접 찍은 다른 사진을 올려 주세요.',
  approved: '사진 인증이 완료됐어요. 이제 프로필에 인증 표시가 보여요.',
  rejected: (reason: string) => `사진 인증이 승인되지 않았어요: ${reason}. 새 포즈로 다시 시도해 주세요.`,
} as const;

/** How photo verification looks to its owner (GET /api/on/verification → photo). */
export const PHOTO_STATUSES = ['NONE', 'PENDING', 'VERIFIED', 'REJECTED'] as const;
export type PhotoStatus = (typeof PHOTO_STATUSES)[number];
export type PhotoVerificationState = {
  status: PhotoStatus;
  /** REJECTED: the operator's reason, in Korean. */
  reason?: string;
  /** PENDING / REJECTED: the pose of the latest selfie. */
  pose?: Pose;
};

/** GET /api/on/verification: the member's own state (the identity half: docs/trust.md "Identity (본인확인)"). */
export type VerificationState = {
  identity: { verified: boolean; verifiedAt: string | null };
  photo: PhotoVerificationState;
};

/** What other members see on cards, the modal, profile pages, chat rooms and received hearts. */
export type Verified = { identity: boolean; photo: boolean };

/** POST /api/on/verification/photo/start: the pose to copy and the signed token naming it. */
export type PhotoPoseStart = { pose: Pose; caption: string; poseToken: string; expiresAt: string };

/** How the selfie was taken: the in-app camera or a file picked (stored, shown to the reviewer). */
export const PHOTO_SOURCES = ['CAMERA', 'UPLOAD'] as const;
export type PhotoSource = (typeof PHOTO_SOURCES)[number];

/** A selfie's review in the console (the member-facing state is PHOTO_STATUSES). */
export const PHOTO_REVIEW_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type PhotoReviewStatus = (typeof PHOTO_REVIEW_STATUSES)[number];

/** A lookalike pair of profile photos in the console's duplicates queue. */
export const PHOTO_MATCH_STATUSES = ['OPEN', 'DISMISSED', 'ACTIONED'] as const;
export type PhotoMatchStatus = (typeof PHOTO_MATCH_STATUSES)[number];

/** The multipart fields of POST /api/on/verification/photo besides `selfie` (a file). */
export const photoSubmitFields = z.strictObject({
  poseToken: z.string({ error: PHOTO_VERIFICATION_KO.poseExpired }).min(1, PHOTO_VERIFICATION_KO.poseExpired).max(500),
  source: z.enum(PHOTO_SOURCES, { error: PHOTO_VERIFICATION_KO.sourceInvalid }),
});

// ---- console ------------------------------------------------------------------------------

/** GET /admin/photo-verifications (oldest first) and /admin/photo-verifications/{id}. */
export type AdminPhotoVerification = {
  id: number;
  memberId: number;
  name: string;
  email: string;
  pose: Pose;
  poseCaption: string;
  source: PhotoSource;
  status: PhotoReviewStatus;
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
  /** Admin route serving the selfie (null once deleted after 30 days). */
  selfieUrl: string | null;
  /** The member's photos now, MAIN first. */
  photoUrls: string[];
  /** The main photo the selfie was taken for (null when it has changed since). */
  mainImageUrl: string | null;
};

export type AdminPhotoQueueCount = { pending: number; duplicates: number };

export const photoDecisionBody = z.discriminatedUnion('decision', [
  z.strictObject({ decision: z.literal('APPROVE') }),
  z.strictObject({
    decision: z.literal('REJECT'),
    reason: z.enum(PHOTO_REJECT_REASON_IDS, { error: PHOTO_VERIFICATION_KO.reasonRequired }),
  }),
]);
export type PhotoDecisionBody = z.infer<typeof photoDecisionBody>;

/** GET /admin/photo-matches: profile photos that look like another account's. */
export type AdminPhotoMatch = {
  id: number;
  distance: number;
  status: PhotoMatchStatus;
  createdAt: string;
  member: { id: number; name: string; imageUrl: string; status: string };
  other: { id: number; name: string; imageUrl: string; status: string };
};
