// Business constants and limits (docs/product-spec.md §9) plus the server's own limits. One place for each number.

export const LIMITS = {
  requestTimeoutMs: 15_000,
  socketReconnectMs: 5_000,
  socketHeartbeatMs: 10_000,
  socketBackoffMaxMs: 900_000,
  maxInterests: 6,
  profileImages: 3,
  subImages: 2,
  feedbackTitle: 40,
  feedbackContent: 400,
  postTitle: 120,
  postContentMin: 5,
  postContentMax: 5_000,
  postImages: 1,
  noticeContent: 1_000,
  banReason: 200,
  likedPageSize: 24,
  feedbackTitleWords: 8,
  feedbackContentWords: 24,
  chatPreviewChars: 5,
  reportMessageSamples: 10,
  reportReasonPreviewChars: 40,
  homeCoursesShown: 4,
  homeCourseAdvanceMs: 6_000,
  cardSlideOutMs: 300,
  cardSlideInMs: 200,
  emojiCount: 55,
  nameMax: 20,
  recommendPageSize: 20,
  /**
   * Uploaded image: bytes accepted before processing, and the pixel bounds. The pixel limit is read
   * from the file's header and checked before any decoding (a Worker has 128 MB; docs/decisions/0004).
   */
  imageMaxBytes: 10 * 1024 * 1024,
  imageMaxPixels: 5_000_000,
  imageMinSide: 64,
  /** Long side of every stored picture (and of the SPA's upload preparation): the largest the apps show. */
  imageMaxSide: 1600,
  /** Auth lifetimes. */
  oauthStateTtlSeconds: 600,
  signupSessionTtlSeconds: 1_800,
  loginTicketTtlSeconds: 120,
  refreshReuseGraceSeconds: 10,
} as const;

export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  agreements: 'agreements',
  feedbackDraft: 'feedbackDraft',
  oauthState: 'oauth_state',
  tempSignupToken: 'tempSignupToken',
  /** The home page's 가치관 suggestion was skipped (docs/values.md "After signup"). */
  valuesSuggestSkipped: 'valuesSuggestSkipped',
  /** sessionStorage: the D1 bookmark of the member's last write in this tab (D1_BOOKMARK_HEADER). */
  d1Bookmark: 'd1Bookmark',
} as const;

/**
 * The D1 Sessions API bookmark (docs/performance.md "Read replicas"): a write's answer carries it,
 * and the member SPA sends the latest one back on every call, so a read served by a nearby replica
 * never misses the member's own write.
 */
export const D1_BOOKMARK_HEADER = 'x-d1-bookmark';

/**
 * Largest request body per route, refused with 413 before it is read or parsed (docs/api-extensions.md "Body sizes";
 * docs/api-extensions.md "Body sizes"). Uploads carry their pictures plus the form's text.
 */
export const BODY_LIMITS = {
  /** Every JSON or text body not listed below. */
  defaultBytes: 64 * 1024,
  /** POST /api/on/report: 1,000 characters and 10 quoted messages of up to 1,000 each. */
  reportBytes: 256 * 1024,
  /** POST /api/on/privacy/avoid-phones: room for a 10,000-entry paste, so it is refused with its own reason (docs/privacy.md). */
  avoidPhonesBytes: 256 * 1024,
  /** The form's fields around the pictures of an upload. */
  formOverheadBytes: 64 * 1024,
} as const;
