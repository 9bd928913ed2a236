// The viewer a recommendation is computed for and the bounds every filter compares against: the
// shapes shared by the candidate, pool and nearby queries and the preference filters.
import type { Gender, LookingFor } from '../../contract/enums';
import type { VisibilityClock } from '../visibility/repo';

export type MatchViewer = {
  id: number;
  gender: Gender;
  lookingFor: LookingFor;
  birthday: string;
  romanceMatching: boolean;
  friendMatching: boolean;
  city: string | null;
  district: string | null;
  lat: number | null;
  lng: number | null;
  interests: string[];
  locationAgreed: boolean;
  /** My own preferences (docs/matching.md "Preferences both ways"; null = no limit of mine): 만 나이 and km (null = 전국). */
  prefAgeMin: number | null;
  prefAgeMax: number | null;
  prefMaxDistanceKm: number | null;
  /** 인증된 회원만 보기 (docs/trust.md "Verified photos"): only photo-verified candidates. */
  verifiedOnly: boolean;
  /** My visible detail columns as JSON (detailsJson), for the reasons; null without details. */
  details: string | null;
};

/** Everything the filters compare against, computed once per request by the service. */
export type FilterBounds = {
  /** Candidate birthdays allowed (inclusive): within the age window of mine. */
  birthdayFrom: string;
  birthdayTo: string;
  /** Who may see whom (areas/visibility: withdrawn, banned, blocked, under 19). */
  visibility: VisibilityClock;
  nowIso: string;
  /** Saved-to-history profiles after this instant are still cooling down. */
  cooldownSince: string;
  /** My 만 나이 today: the age others' preferences are checked against. */
  viewerAge: number;
};
