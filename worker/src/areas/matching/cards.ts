// Turning card rows into the contract's profile shapes (location text, age, image URLs).
import { ageOn } from '../../contract/age';
import type { RecommendedProfile } from '../../contract/matching';
import type { Verified } from '../../contract/photo-verification';
import { formatLocation } from '../../contract/regions';
import { imageUrl } from '../media/service';
import type { CardRow } from './candidate-repo';
import type { MatchViewer } from './viewer';
import { parseDetails, reasonsFor, summaryFrom } from './reasons';
import type { CardReason, CardSummary } from '../../contract/profile-details';

/** "서울 마포구", or '' for a member who has not set a location. */
export const locationText = (city: string | null, district: string | null): string =>
  city ? formatLocation(city, district ?? '') : '';

/** Image URLs in slot order: slot 0 is the main photo, 1–2 the subs. */
function imagesOf(row: CardRow): { main: string | null; subs: string[] } {
  const pairs = (row.images ? row.images.split('|') : [])
    .map((p) => {
      const at = p.indexOf(':');
      return { slot: Number(p.slice(0, at)), url: imageUrl(p.slice(at + 1)) };
    })
    .sort((a, b) => a.slot - b.slot);
  const main = pairs.find((p) => p.slot === 0)?.url ?? null;
  return { main, subs: pairs.filter((p) => p.slot !== 0).map((p) => p.url) };
}

export function toRecommended(row: CardRow, now: Date): RecommendedProfile {
  const { main, subs } = imagesOf(row);
  return {
    memberId: row.id,
    name: row.name,
    age: ageOn(row.birthday, now),
    location: locationText(row.city, row.district),
    interests: row.interests ? row.interests.split('|') : [],
    mainImageUrl: main,
    subImageUrls: subs,
    verified: verifiedOf(row),
  };
}

/** The `verified` flags of a card row (docs/trust.md "Verified photos"). */
export const verifiedOf = (row: Pick<CardRow, 'identityVerified' | 'photoVerified'>): Verified => ({
  identity: Boolean(row.identityVerified),
  photo: Boolean(row.photoVerified),
});

/** A card's summary (visible detail columns) and its reasons for this viewer (docs/matching.md "Why this card"). */
export function explain(row: CardRow, viewer: MatchViewer, now: Date): { summary: CardSummary; reasons: CardReason[] } {
  const details = parseDetails(row.details);
  return {
    summary: summaryFrom(details),
    reasons: reasonsFor(
      { ...viewer, details: parseDetails(viewer.details) },
      {
        birthday: row.birthday,
        city: row.city,
        district: row.district,
        interests: row.interests ? row.interests.split('|') : [],
        details,
        lastActiveAt: row.lastActiveAt,
        heartedViewer: Boolean(row.heartedViewer),
        distanceSq: row.distanceSq ?? null,
      },
      now,
    ),
  };
}

/** Rows in the order of `ids` (rows missing from the map are dropped). */
export function inOrder<T extends { id: number }>(ids: readonly number[], rows: readonly T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}
