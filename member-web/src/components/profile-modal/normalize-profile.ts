// One tolerant reading of the modal profile (docs/product-spec.md §3 "Modal profile") plus the data checks of
// docs/product-spec.md §5, each failing with its reason code. Used by the profile modal and the profile pages.
import type { PublicProfileDetails } from '@contract/profile-details';
import type { ImageRole } from '@contract/enums';
import type { ProfileCheckCode } from '@contract/profiles';
import type { Verified } from '@contract/photo-verification';
import type { SharedValueAnswer } from '@contract/values';
import type { ProfileVoice } from '@contract/voice';

export type ProfileIssue = ProfileCheckCode;

export interface ProfileImage {
  role: ImageRole;
  url: string;
}

/** A profile that passed every check: the fields are present and usable. */
export interface ProfileView {
  memberId: number;
  name: string;
  age: number;
  city: string;
  district: string;
  interests: string[];
  /** MAIN first. */
  images: ProfileImage[];
  hearted: boolean;
  /** Visible details (docs/api-extensions.md "profile-details"), when the server sent them. */
  details?: PublicProfileDetails | null;
  /** 본인확인 / 사진 인증 (docs/trust.md "Identity (본인확인)", "Verified photos"), when the server sent them. */
  verified?: Verified;
  /** 궁합 % (docs/values.md), null with too few shared questions; absent when the server did not send it. */
  compatibility?: number | null;
  /** Questions both answered where this member's answer is public. */
  sharedValues?: SharedValueAnswer[];
  /** 목소리 소개 (docs/voice.md "A voice on the profile"): null when none or hidden. */
  voice?: ProfileVoice | null;
}

export type ProfileReading = { ok: true; profile: ProfileView } | { ok: false; reason: ProfileIssue };

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** Numbers may arrive as numbers or numeric strings. */
function numeric(v: unknown): number | null {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return Number(v);
  return null;
}

function readId(raw: Json): number | null {
  const id = numeric(raw.memberId ?? raw.id);
  return id !== null && Number.isInteger(id) && id > 0 ? id : null;
}

/** 시/도 and 시/군/구 from a profile reading (either shape), or null. */
export function readLocation(raw: Json): { city: string; district: string } | null {
  let city = text(raw.city);
  let district = text(raw.district);
  const location = raw.location;
  if (isObject(location)) {
    city ??= text(location.city);
    district ??= text(location.district);
  } else if (!city && !district && typeof location === 'string') {
    // The recommendation's "시 구" text form.
    const [first, ...rest] = location.trim().split(/\s+/);
    city = text(first);
    district = text(rest.join(' '));
  }
  return city && district ? { city, district } : null;
}

function readInterests(raw: Json): string[] {
  const list = Array.isArray(raw.interests) ? raw.interests : Array.isArray(raw.interestList) ? raw.interestList : [];
  const tags = list.map((item) => (isObject(item) ? text(item.tag) : text(item))).filter((t): t is string => !!t);
  return [...new Set(tags)];
}

function readImages(raw: Json): ProfileImage[] {
  let images: ProfileImage[] = [];
  if (Array.isArray(raw.images)) {
    images = raw.images.flatMap((item): ProfileImage[] => {
      if (typeof item === 'string') return text(item) ? [{ role: 'SUB', url: item }] : [];
      if (!isObject(item)) return [];
      const url = text(item.url);
      if (!url) return [];
      return [{ role: String(item.role).toUpperCase() === 'MAIN' ? 'MAIN' : 'SUB', url }];
    });
  } else {
    const main = text(raw.mainImageUrl);
    const subs = Array.isArray(raw.subImageUrls) ? raw.subImageUrls.map(text).filter((u): u is string => !!u) : [];
    if (main) images.push({ role: 'MAIN', url: main });
    images.push(...subs.map((url): ProfileImage => ({ role: 'SUB', url })));
  }
  // Main first, the rest in the order given (a stable sort keeps it).
  return images.sort((a, b) => (a.role === b.role ? 0 : a.role === 'MAIN' ? -1 : 1));
}

export function normalizeModalProfile(raw: unknown): ProfileReading {
  if (!isObject(raw) || Object.keys(raw).length === 0) return { ok: false, reason: 'PROFILE_EMPTY' };
  const memberId = readId(raw);
  if (memberId === null) return { ok: false, reason: 'MISSING_MEMBER_ID' };
  const name = text(raw.name) ?? text(raw.nickname);
  if (!name) return { ok: false, reason: 'MISSING_NAME' };
  const age = numeric(raw.age ?? raw.ageYears);
  if (age === null || !Number.isFinite(age) || age <= 0) return { ok: false, reason: 'MISSING_OR_INVALID_AGE' };
  const location = readLocation(raw);
  if (!location) return { ok: false, reason: 'MISSING_LOCATION' };
  const interests = readInterests(raw);
  if (interests.length === 0) return { ok: false, reason: 'MISSING_INTERESTS' };
  const images = readImages(raw);
  if (images.length === 0) return { ok: false, reason: 'MISSING_IMAGES' };
  return {
    ok: true,
    profile: {
      memberId,
      name,
      age,
      ...location,
      interests,
      images,
      hearted: raw.hearted === true,
      ...(isObject(raw.details) ? { details: raw.details as PublicProfileDetails } : {}),
      ...(isObject(raw.verified)
        ? { verified: { identity: raw.verified.identity === true, photo: raw.verified.photo === true } }
        : {}),
      ...(typeof raw.compatibility === 'number' || raw.compatibility === null
        ? { compatibility: raw.compatibility as number | null }
        : {}),
      ...(Array.isArray(raw.sharedValues) ? { sharedValues: raw.sharedValues as SharedValueAnswer[] } : {}),
      ...(isObject(raw.voice) && text(raw.voice.audioUrl) ? { voice: raw.voice as ProfileVoice } : {}),
    },
  };
}

/**
 * The id to ask the server about. A modal opened from a chat room without the opponent's id
 * is a chat-side gap (NO_OPPONENT_ID_IN_CHAT_USER); elsewhere it is a missing member id.
 */
export function requestedIdIssue(memberId: number | null, fromChat: boolean): ProfileIssue | null {
  if (memberId !== null && Number.isInteger(memberId) && memberId > 0) return null;
  return fromChat ? 'NO_OPPONENT_ID_IN_CHAT_USER' : 'MISSING_MEMBER_ID';
}
