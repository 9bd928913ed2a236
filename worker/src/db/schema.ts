// Drizzle tables (SQLite dialect): the same definitions run on D1 and on libSQL.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { ADMIN_ROLES } from '../contract/admin-auth';
import { BAN_ACTIONS, REPORT_STATUSES } from '../contract/admin-core';
import { AUDIT_ACTIONS } from '../contract/audit';
import { ROOM_CLOSE_REASONS } from '../contract/chat';
import {
  GENDERS,
  IMAGE_ROLES,
  LOOKING_FOR,
  MEMBER_STATUSES,
  POST_CATEGORIES,
  PROVIDER_TYPES,
  REPORT_REASONS,
  STORED_AGREEMENT_ITEMS,
} from '../contract/enums';
import { IDENTITY_PROVIDERS, PORTONE_VERIFICATION_STATUSES } from '../contract/identity';
import { CHAT_REQUEST_STATUSES } from '../contract/mypage';
import { NOTIFICATION_KINDS } from '../contract/notifications';
import { PHOTO_MATCH_STATUSES, PHOTO_REVIEW_STATUSES, PHOTO_SOURCES } from '../contract/photo-verification';
import { NUDGE_CONTEXTS, NUDGE_OUTCOMES } from '../contract/safety/kinds';
import { VALUE_IMPORTANCES } from '../contract/values-core';
import { TODAY_ACTIONS } from '../contract/today-core';
import { VOICE_CONTENT_TYPES } from '../contract/voice';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const members = sqliteTable(
  'members',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    providerType: text('provider_type', { enum: PROVIDER_TYPES }).notNull(),
    providerUserId: text('provider_user_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    gender: text('gender', { enum: GENDERS }).notNull(),
    birthday: text('birthday').notNull(), // YYYY-MM-DD from the portal
    lookingFor: text('looking_for', { enum: LOOKING_FOR }).notNull(),
    status: text('status', { enum: MEMBER_STATUSES }).notNull().default('ACTIVE'),
    bannedUntil: text('banned_until'), // null with BANNED = permanent
    openAge: integer('open_age', { mode: 'boolean' }).notNull().default(true),
    romanceMatching: integer('romance_matching', { mode: 'boolean' }).notNull().default(true),
    friendMatching: integer('friend_matching', { mode: 'boolean' }).notNull().default(true),
    address: text('address'),
    city: text('city'),
    district: text('district'),
    lat: real('lat'),
    lng: real('lng'),
    locationUpdatedAt: text('location_updated_at'),
    createdAt: text('created_at').notNull().default(now),
    lastActiveAt: text('last_active_at').notNull().default(now),
    deletedAt: text('deleted_at'),
    /** When the member's identity was confirmed (본인확인, identity_verifications); null = not yet (docs/trust.md "Identity (본인확인)"). */
    identityVerifiedAt: text('identity_verified_at'),
    /** When an operator approved a pose selfie for the current main photo; cleared when the main photo changes. */
    photoVerifiedAt: text('photo_verified_at'),
    /** When the member chose their public 닉네임; null = invite them once to pick one (docs/trust.md "Identity (본인확인)"). */
    nicknameChosenAt: text('nickname_chosen_at'),
    /** When the under-19 clean-up ran for this member (rooms closed with a system line); null = not needed or not yet. */
    minorClosedAt: text('minor_closed_at'),
    /** 비공개 모드 (docs/privacy.md): only members I liked or wrote to can see me in any list. */
    privateMode: integer('private_mode', { mode: 'boolean' }).notNull().default(false),
    /**
     * HMAC-SHA256 (server key) of the phone number confirmed by 본인확인, for 아는 사람 피하기
     * (docs/privacy.md); null before 본인확인 or when the provider gave none. Never the number itself.
     */
    phoneHash: text('phone_hash'),
  },
  (t) => [
    uniqueIndex('members_provider_identity').on(t.providerType, t.providerUserId),
    index('members_gender_status').on(t.gender, t.status),
    index('members_created_at').on(t.createdAt),
    // Recommendation pools (migration 0003_matching_pool): recently active members of a gender, in a
    // province or anywhere, with every column the hard filters and scoring read (index-only scans).
    index('members_pool_city').on(
      t.gender,
      t.city,
      t.lastActiveAt,
      t.lookingFor,
      t.birthday,
      t.status,
      t.deletedAt,
      t.romanceMatching,
      t.friendMatching,
      t.bannedUntil,
      t.lat,
      t.lng,
    ),
    index('members_pool_recent').on(
      t.gender,
      t.lastActiveAt,
      t.city,
      t.lookingFor,
      t.birthday,
      t.status,
      t.deletedAt,
      t.romanceMatching,
      t.friendMatching,
      t.bannedUntil,
      t.lat,
      t.lng,
    ),
    // Nearby list: a gender, a latitude band, then longitude (migration 0003).
    index('members_geo').on(t.gender, t.lat, t.lng),
  ],
);

export const memberImages = sqliteTable(
  'member_images',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    role: text('role', { enum: IMAGE_ROLES }).notNull(),
    slot: integer('slot').notNull(), // 0 = main, 1..2 = sub
    objectKey: text('object_key').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    /** 64-bit perceptual hash as 16 hex digits (media/phash.ts); null for photos stored before it existed. */
    phash: text('phash'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('member_images_slot').on(t.memberId, t.slot), uniqueIndex('member_images_key').on(t.objectKey)],
);

export const memberInterests = sqliteTable(
  'member_interests',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.tag] }), index('member_interests_tag').on(t.tag)],
);

export const memberAgreements = sqliteTable(
  'member_agreements',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    item: text('item', {
      enum: STORED_AGREEMENT_ITEMS,
    }).notNull(),
    agreed: integer('agreed', { mode: 'boolean' }).notNull(),
    termsVersion: text('terms_version').notNull(),
    decidedAt: text('decided_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.item] })],
);

/** A browser's pending OAuth round trip: the state it chose, bound to an httpOnly cookie. */
export const oauthStates = sqliteTable('oauth_states', {
  id: text('id').primaryKey(), // sha-256 of the cookie value
  state: text('state').notNull(),
  createdAt: text('created_at').notNull().default(now),
  expiresAt: text('expires_at').notNull(),
  usedAt: text('used_at'),
});

/** Identity the portal vouched for, waiting for terms agreement and the signup form. */
export const signupSessions = sqliteTable('signup_sessions', {
  id: text('id').primaryKey(), // sha-256 of the cookie value
  providerType: text('provider_type', { enum: PROVIDER_TYPES }).notNull(),
  providerUserId: text('provider_user_id').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  gender: text('gender', { enum: GENDERS }).notNull(),
  birthday: text('birthday').notNull(),
  address: text('address'),
  city: text('city'),
  district: text('district'),
  lat: real('lat'),
  lng: real('lng'),
  createdAt: text('created_at').notNull().default(now),
  expiresAt: text('expires_at').notNull(),
  memberId: integer('member_id'), // set once the member is created: the session is spent
});

/** One-time ticket that lets POST /login/{id} mint tokens for exactly that member. */
export const loginTickets = sqliteTable('login_tickets', {
  id: text('id').primaryKey(), // sha-256 of the cookie value
  memberId: integer('member_id')
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' }),
  createdAt: text('created_at').notNull().default(now),
  expiresAt: text('expires_at').notNull(),
  usedAt: text('used_at'),
});

export const refreshFamilies = sqliteTable(
  'refresh_families',
  {
    id: text('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: text('created_at').notNull().default(now),
    revokedAt: text('revoked_at'),
    revokeReason: text('revoke_reason'),
  },
  (t) => [index('refresh_families_member').on(t.memberId)],
);

export const refreshTokens = sqliteTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(), // sha-256 of the cookie value
    familyId: text('family_id')
      .notNull()
      .references(() => refreshFamilies.id, { onDelete: 'cascade' }),
    createdAt: text('created_at').notNull().default(now),
    expiresAt: text('expires_at').notNull(),
    rotatedAt: text('rotated_at'),
  },
  (t) => [index('refresh_tokens_family').on(t.familyId)],
);

export const admins = sqliteTable('admins', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** 운영자 (OPERATOR) or 관리자 (ADMIN): contract/admin-auth.ts ADMIN_ROLES, docs/safety.md. */
  role: text('role', { enum: ADMIN_ROLES }).notNull().default('ADMIN'),
  /** The TOTP secret (base32) once the operator has enrolled an authenticator app; null before. */
  totpSecret: text('totp_secret'),
  totpEnrolledAt: text('totp_enrolled_at'),
  /** The last TOTP time step accepted: a code is good once (no replay within its window). */
  totpLastStep: integer('totp_last_step'),
  createdAt: text('created_at').notNull().default(now),
  lastLoginAt: text('last_login_at'),
});

/** One-time recovery codes for an operator's second factor (sha-256 of each code). */
export const adminRecoveryCodes = sqliteTable(
  'admin_recovery_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: text('created_at').notNull().default(now),
    usedAt: text('used_at'),
  },
  (t) => [index('admin_recovery_codes_admin').on(t.adminId)],
);

export const adminSessions = sqliteTable(
  'admin_sessions',
  {
    id: text('id').primaryKey(), // sha-256 of the cookie value
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    createdAt: text('created_at').notNull().default(now),
    expiresAt: text('expires_at').notNull(),
    /** When this session passed the second factor; a session without it reaches only sign-in's second step. */
    secondFactorAt: text('second_factor_at'),
  },
  (t) => [index('admin_sessions_admin').on(t.adminId)],
);

/** Fixed-window counters for rate limits (key = purpose + subject). */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start').notNull(),
  count: integer('count').notNull(),
});

export const notices = sqliteTable(
  'notices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    deletedAt: text('deleted_at'),
  },
  (t) => [index('notices_created').on(t.createdAt)],
);

export const communityPosts = sqliteTable(
  'community_posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    category: text('category', { enum: POST_CATEGORIES }).notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    imageKey: text('image_key'),
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    deletedAt: text('deleted_at'),
  },
  (t) => [index('community_posts_category_id').on(t.category, t.id), index('community_posts_member').on(t.memberId)],
);

/** A member's heart (관심) for another member's profile. */
export const hearts = sqliteTable(
  'hearts',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    targetId: integer('target_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.targetId] }),
    index('hearts_target_created').on(t.targetId, t.createdAt),
    // Popular ranking: the last 7 days' hearts by time (migration 0003).
    index('hearts_created').on(t.createdAt, t.targetId),
  ],
);

/** Either side of a block hides the two members from each other everywhere. */
export const blocks = sqliteTable(
  'blocks',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    targetId: integer('target_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.targetId] }), index('blocks_target').on(t.targetId)],
);

export const feedback = sqliteTable(
  'feedback',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    deletedAt: text('deleted_at'),
  },
  (t) => [index('feedback_member').on(t.memberId)],
);

export const reports = sqliteTable(
  'reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => members.id),
    targetId: integer('target_id')
      .notNull()
      .references(() => members.id),
    chatRoomId: integer('chat_room_id'),
    reasonType: text('reason_type', {
      enum: REPORT_REASONS,
    }).notNull(),
    content: text('content').notNull(),
    evidenceUrl: text('evidence_url'),
    pageUrl: text('page_url'),
    messageSamples: text('message_samples'), // JSON [{from, text, time}] as verified against the room
    /** Samples the reporter sent that matched no stored message of the room (not stored, only counted). */
    unverifiedSamples: integer('unverified_samples').notNull().default(0),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('PENDING'),
    createdAt: text('created_at').notNull().default(now),
    handledAt: text('handled_at'),
    handledBy: integer('handled_by').references(() => admins.id, { onDelete: 'set null' }),
  },
  (t) => [index('reports_target_status').on(t.targetId, t.status), index('reports_created').on(t.createdAt)],
);

export const banHistory = sqliteTable(
  'ban_history',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    action: text('action', { enum: BAN_ACTIONS }).notNull(),
    reason: text('reason'),
    until: text('until'),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('ban_history_member').on(t.memberId, t.createdAt)],
);

/** A chat request ("matching" in the spec's API): pending until the target answers. */
export const chatRequests = sqliteTable(
  'chat_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => members.id),
    targetId: integer('target_id')
      .notNull()
      .references(() => members.id),
    /** EXPIRED: nobody answered within 7 days (the daily Cron Trigger; docs/chat.md). */
    status: text('status', { enum: CHAT_REQUEST_STATUSES }).notNull().default('PENDING'),
    /** The requester's short intro (≤ 100 characters, normalised), or null. */
    intro: text('intro'),
    createdAt: text('created_at').notNull().default(now),
    answeredAt: text('answered_at'),
  },
  (t) => [
    index('chat_requests_pair').on(t.requesterId, t.targetId),
    index('chat_requests_target_status').on(t.targetId, t.status),
    // The expiry job: pending requests by age.
    index('chat_requests_status_created').on(t.status, t.createdAt),
  ],
);

/** Room summary kept in D1 so the room list is one query; messages live in the room's Durable Object. */
export const chatRooms = sqliteTable(
  'chat_rooms',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    requestId: integer('request_id')
      .notNull()
      .unique()
      .references(() => chatRequests.id),
    memberA: integer('member_a')
      .notNull()
      .references(() => members.id),
    memberB: integer('member_b')
      .notNull()
      .references(() => members.id),
    createdAt: text('created_at').notNull().default(now),
    lastMessage: text('last_message'),
    lastMessageAt: text('last_message_at'),
    lastSenderId: integer('last_sender_id'),
    messageCount: integer('message_count').notNull().default(0),
    closedAt: text('closed_at'),
    closedReason: text('closed_reason', { enum: ROOM_CLOSE_REASONS }),
    closedBy: integer('closed_by'),
  },
  (t) => [index('chat_rooms_pair').on(t.memberA, t.memberB)],
);

export const chatRoomMembers = sqliteTable(
  'chat_room_members',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    opponentId: integer('opponent_id')
      .notNull()
      .references(() => members.id),
    unreadCount: integer('unread_count').notNull().default(0),
    lastReadAt: text('last_read_at'),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.memberId] }), index('chat_room_members_member').on(t.memberId)],
);

/** Profiles a member has been shown by the recommender (cool-down before showing again). */
export const matchingHistory = sqliteTable(
  'matching_history',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    shownAt: text('shown_at').notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.profileId] }),
    index('matching_history_shown').on(t.memberId, t.shownAt),
  ],
);

export const postLikes = sqliteTable(
  'post_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.postId, t.memberId] })],
);

/** One view per member per post per Korean calendar day. */
export const postViews = sqliteTable(
  'post_views',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    day: text('day').notNull(), // YYYY-MM-DD in Korea time
  },
  (t) => [primaryKey({ columns: [t.postId, t.memberId, t.day] })],
);

export const postComments = sqliteTable(
  'post_comments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postId: integer('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    content: text('content').notNull(),
    createdAt: text('created_at').notNull().default(now),
    deletedAt: text('deleted_at'),
  },
  (t) => [index('post_comments_post').on(t.postId, t.id)],
);

/**
 * Each member's recommendation list for one Korean day (migration 0003): ranked once, then
 * paged, so pages never repeat or skip within the day. Recomputed when the day or the
 * member's own preferences (fingerprint) change.
 */
export const matchingRankings = sqliteTable('matching_rankings', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  day: text('day').notNull(), // YYYY-MM-DD in Korea time
  fingerprint: text('fingerprint').notNull(),
  profileIds: text('profile_ids').notNull(), // ranked member ids, comma-separated
  computedAt: text('computed_at').notNull(),
});

/**
 * Web Push subscriptions (docs/notifications.md): one row per browser push endpoint. An endpoint
 * belongs to one member at a time (subscribing it again moves it); a member has several devices.
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(), // base64url, 65-byte uncompressed P-256 point
    auth: text('auth').notNull(), // base64url, 16-byte auth secret
    /** Push attempts in the hour starting at `tries_window` (epoch seconds): capped per endpoint. */
    triesWindow: integer('tries_window').notNull().default(0),
    tries: integer('tries').notNull().default(0),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint').on(t.endpoint), index('push_subscriptions_member').on(t.memberId)],
);

/**
 * A member's notifications (docs/notifications.md). One row per `group_key` per member: events of
 * the same group (a room's new messages, a post's likes, one person's hearts) update the row in
 * place (`updated_at` = the latest event; it is unread again). `actor_id` is who caused it: rows
 * whose actor is blocked either way, banned or withdrawn are not shown. Kept `keepDays` (cron).
 */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    groupKey: text('group_key').notNull(), // e.g. room:12, likes:5, heart:7, notice:3
    actorId: integer('actor_id').references(() => members.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    link: text('link').notNull(),
    count: integer('count').notNull().default(1),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    readAt: text('read_at'),
    /** Set once the queue consumer has announced it (live frame, push decision); null again when a read row turns unread. */
    deliveredAt: text('delivered_at'),
  },
  (t) => [
    uniqueIndex('notifications_member_group').on(t.memberId, t.groupKey),
    index('notifications_member_updated').on(t.memberId, t.updatedAt, t.id),
    index('notifications_updated').on(t.updatedAt),
    // The sweep of rows whose queue message was lost (notifications/sweep.ts): only rows still to
    // announce, notices left out (members without a push device never get theirs announced).
    index('notifications_undelivered')
      .on(t.updatedAt)
      .where(sql`delivered_at IS NULL AND kind <> 'NOTICE'`),
  ],
);

/**
 * Which devices a notification was pushed to (docs/notifications.md "Delivery and the `notif` queue"): one row per (notification,
 * subscription) once its push service accepted it, for the event `event_at` (the notification's
 * `updated_at` then: a later event of a grouped row is pushed again). A retried or swept delivery
 * skips these devices, so no device gets the same push twice.
 */
export const pushDeliveries = sqliteTable(
  'push_deliveries',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    eventAt: text('event_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.subscriptionId] }),
    index('push_deliveries_subscription').on(t.subscriptionId),
  ],
);

/** Push settings per member; no row = the defaults (every kind on, quiet hours 22:00–08:00 Korea time). */
export const notificationSettings = sqliteTable('notification_settings', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  pushOff: text('push_off').notNull().default(''), // comma-separated kinds whose push is off
  quietEnabled: integer('quiet_enabled', { mode: 'boolean' }).notNull().default(true),
  quietStart: text('quiet_start').notNull().default('22:00'),
  quietEnd: text('quiet_end').notNull().default('08:00'),
  updatedAt: text('updated_at').notNull(),
});

/**
 * Rich profile details (docs/api-extensions.md "profile-details"): one row per member who saved any. Free texts are stored
 * normalised and profanity-masked; `*_hidden_reason` is set when an admin hid that text (others
 * no longer see it; cleared when the member changes it).
 */
export const memberProfileDetails = sqliteTable('member_profile_details', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  bio: text('bio'),
  bioHiddenReason: text('bio_hidden_reason'),
  heightCm: integer('height_cm'),
  jobCategory: text('job_category'),
  jobTitle: text('job_title'),
  jobTitleHiddenReason: text('job_title_hidden_reason'),
  education: text('education'),
  religion: text('religion'),
  religionVisible: integer('religion_visible', { mode: 'boolean' }).notNull().default(false),
  smoking: text('smoking'),
  drinking: text('drinking'),
  mbti: text('mbti'),
  lookingFor: text('looking_for'),
  updatedAt: text('updated_at').notNull().default(now),
});

/**
 * The profile's 목소리 소개 (docs/voice.md "A voice on the profile"): one recording per member in R2
 * (`object_key`, private; served only through short-lived signed links), answering a prompt card.
 * `hidden_reason` is set while an admin hides it (others no longer hear it).
 */
export const memberVoiceIntros = sqliteTable('member_voice_intros', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  objectKey: text('object_key').notNull(),
  contentType: text('content_type', { enum: VOICE_CONTENT_TYPES }).notNull(),
  durationMs: integer('duration_ms').notNull(),
  /** VOICE_LIMITS.waveformBars integers 0–100, comma-separated. */
  waveform: text('waveform').notNull(),
  promptId: text('prompt_id').notNull(),
  hiddenReason: text('hidden_reason'),
  updatedAt: text('updated_at').notNull().default(now),
});

/** Up to 3 prompt cards per member, in the member's order. */
export const memberProfilePrompts = sqliteTable(
  'member_profile_prompts',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    position: integer('position').notNull(),
    answer: text('answer').notNull(),
    hiddenReason: text('hidden_reason'),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.questionId] })],
);

/**
 * Two-way matching preferences (docs/matching.md "Preferences both ways"): a row only for members who set any. Ages are 만
 * 나이; max_distance_km null = 전국. The hard filters read it for both sides (docs/matching.md).
 */
export const memberPreferences = sqliteTable('member_preferences', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  ageMin: integer('age_min'),
  ageMax: integer('age_max'),
  maxDistanceKm: integer('max_distance_km'),
  /** 인증된 회원만 보기: only photo-verified members are shown to this member (docs/trust.md "Verified photos"). */
  verifiedOnly: integer('verified_only', { mode: 'boolean' }).notNull().default(false),
  updatedAt: text('updated_at').notNull().default(now),
});

/** When a member last looked at the hearts they received (docs/api-extensions.md "profile-details": the unseen badge). */
export const heartsSeen = sqliteTable('hearts_seen', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  seenAt: text('seen_at').notNull(),
});

/**
 * The learned recommender (docs/matching.md "What the recommender learns"): per member
 * a "who I like" (taste) and a "who likes me" (appeal) vector from reciprocal matrix
 * factorisation, written by the daily training job. Vectors are base64 Float32 (compact text);
 * `events` is how much behaviour the member had — the blend's weight grows with it.
 */
export const memberVectors = sqliteTable('member_vectors', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  taste: text('taste').notNull(),
  appeal: text('appeal').notNull(),
  bias: real('bias').notNull(),
  events: integer('events').notNull(),
  trainedAt: text('trained_at').notNull(),
});

/**
 * The learned recommender's shared part (docs/matching.md "What the recommender learns"): one row per model, today only
 * `reciprocal` — the pair-feature weights (model/pair.ts) as JSON keyed by feature name, written
 * by the daily training job with the member vectors and read in the pool statement.
 */
export const recommenderModel = sqliteTable('recommender_model', {
  name: text('name').primaryKey(),
  weights: text('weights').notNull(),
  trainedAt: text('trained_at').notNull(),
});

/**
 * Identity verifications (본인확인, docs/trust.md): one row per provider verification
 * the Worker confirmed. Bound first to a signup session (single use), then to the member it
 * created — or straight to an existing member who verifies later. Only an HMAC of the CI is kept
 * (one person, one account); never the phone number, the DI or a resident number.
 */
export const identityVerifications = sqliteTable(
  'identity_verifications',
  {
    /** The provider's identityVerificationId: a verification can be used once. */
    id: text('id').primaryKey(),
    provider: text('provider', { enum: IDENTITY_PROVIDERS }).notNull(),
    signupSessionId: text('signup_session_id'),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    /** HMAC-SHA256(IDENTITY_CI_KEY, CI) as hex. */
    ciHash: text('ci_hash').notNull(),
    name: text('name').notNull(),
    birthDate: text('birth_date').notNull(),
    gender: text('gender', { enum: GENDERS }).notNull(),
    verifiedAt: text('verified_at').notNull(),
    /**
     * The keyed hash of the verified phone (members.phone_hash), carried from 본인확인 to the member
     * row made at signup; cleared when the member row takes it or the account is deleted.
     */
    phoneHash: text('phone_hash'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    index('identity_verifications_ci').on(t.ciHash),
    index('identity_verifications_member').on(t.memberId),
    index('identity_verifications_session').on(t.signupSessionId),
  ],
);

/**
 * Pose selfies (사진 인증, docs/trust.md "Verified photos"): private, in R2 under `selfies/`, never served by /media;
 * the selfie is deleted 30 days after the decision (cron) and `selfie_key` set to null.
 */
export const photoVerifications = sqliteTable(
  'photo_verifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    pose: text('pose').notNull(),
    selfieKey: text('selfie_key'),
    /** CAMERA = taken with getUserMedia; UPLOAD = the file fallback, marked as such to the reviewer. */
    source: text('source', { enum: PHOTO_SOURCES }).notNull(),
    /** The main photo the selfie is compared with (its object key at submission). */
    mainImageKey: text('main_image_key'),
    status: text('status', { enum: PHOTO_REVIEW_STATUSES }).notNull().default('PENDING'),
    reason: text('reason'),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
    decidedAt: text('decided_at'),
  },
  (t) => [
    index('photo_verifications_status_created').on(t.status, t.createdAt),
    index('photo_verifications_member').on(t.memberId, t.createdAt),
  ],
);

/**
 * Profile photos that look like another account's (perceptual hash within the threshold of
 * docs/trust.md): flagged for operators with both accounts.
 */
export const photoMatches = sqliteTable(
  'photo_matches',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    imageKey: text('image_key').notNull(),
    otherMemberId: integer('other_member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    otherImageKey: text('other_image_key').notNull(),
    distance: integer('distance').notNull(),
    status: text('status', { enum: PHOTO_MATCH_STATUSES }).notNull().default('OPEN'),
    createdAt: text('created_at').notNull().default(now),
    decidedAt: text('decided_at'),
  },
  (t) => [index('photo_matches_status_created').on(t.status, t.createdAt)],
);

/**
 * The dev portal's PortOne emulation (DEV_PORTAL=true only, docs/trust.md "Identity"): what the
 * emulated provider keeps of each verification between the browser step and the Worker's GET.
 */
export const devPortoneVerifications = sqliteTable('dev_portone_verifications', {
  id: text('id').primaryKey(),
  storeId: text('store_id').notNull(),
  channelKey: text('channel_key'),
  status: text('status', { enum: PORTONE_VERIFICATION_STATUSES }).notNull(),
  /** The verified customer as PortOne answers it (JSON of IdentityVerificationVerifiedCustomer). */
  customer: text('customer'),
  requestedAt: text('requested_at').notNull(),
  updatedAt: text('updated_at').notNull(),
  verifiedAt: text('verified_at'),
});

/**
 * Messages the safety detector flagged (docs/safety.md): one row per flagged message, written by
 * the chat room object when the message is stored. The text stays in the room's own store; the
 * desk reads it from there with the messages around it.
 */
export const safetyFlags = sqliteTable(
  'safety_flags',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    roomId: integer('room_id').notNull(),
    /** The message's id in the room's store. */
    messageId: integer('message_id').notNull(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    receiverId: integer('receiver_id').references(() => members.id, { onDelete: 'cascade' }),
    /** Comma-separated SAFETY_KINDS (contract/safety.ts). */
    kinds: text('kinds').notNull(),
    /** Whether it was among the sender's first messages in the room. */
    early: integer('early', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull().default(now),
    reviewedAt: text('reviewed_at'),
    reviewedBy: integer('reviewed_by').references(() => admins.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('safety_flags_room_message').on(t.roomId, t.messageId),
    index('safety_flags_sender').on(t.senderId, t.createdAt),
    index('safety_flags_open')
      .on(t.createdAt)
      .where(sql`reviewed_at IS NULL`),
  ],
);

/** What senders did when asked '정말 보낼까요?' (docs/safety.md "Nudges"): counted on the desk. */
export const safetyNudges = sqliteTable(
  'safety_nudges',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    context: text('context', { enum: NUDGE_CONTEXTS }).notNull(),
    /** Comma-separated SAFETY_KINDS the draft was flagged for. */
    kinds: text('kinds').notNull(),
    outcome: text('outcome', { enum: NUDGE_OUTCOMES }).notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('safety_nudges_created').on(t.createdAt), index('safety_nudges_member').on(t.memberId)],
);

/**
 * Every operator action (docs/safety.md "Audit log"). Append-only: the migration adds triggers
 * that refuse UPDATE and DELETE, so no operator, route or script can change history. The
 * operator's name and role are copied in, and neither id is a foreign key, so removing an
 * operator or a member leaves the record whole.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    adminId: integer('admin_id').notNull(),
    adminName: text('admin_name').notNull(),
    adminRole: text('admin_role', { enum: ADMIN_ROLES }).notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    /** The member the action was about, if any. */
    memberId: integer('member_id'),
    /** What was acted on ('report', 'flag', 'post', 'bio', 'operator', …) and its id. */
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    reason: text('reason'),
    /** JSON with the action's particulars (ban length, text field, role…). */
    detail: text('detail'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('audit_log_created').on(t.createdAt, t.id), index('audit_log_member').on(t.memberId, t.createdAt)],
);

/** A member's answer to one 가치관 질문 (docs/values.md); the questions themselves live in the contract. */
export const valueAnswers = sqliteTable(
  'value_answers',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').notNull(),
    answerId: integer('answer_id').notNull(),
    /** Answer ids accepted from a partner, comma-separated. */
    accept: text('accept').notNull(),
    importance: text('importance', { enum: VALUE_IMPORTANCES }).notNull(),
    isPublic: integer('is_public', { mode: 'boolean' }).notNull().default(true),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.questionId] })],
);

/** 오늘의 인연 (docs/today.md): each member's small daily set, prepared ahead by the cron. */
export const todayCards = sqliteTable(
  'today_cards',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The Korean calendar day (YYYY-MM-DD, KST) the set is for. */
    day: text('day').notNull(),
    candidateId: integer('candidate_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** 궁합 % when enough questions are shared; null otherwise. */
    compatibility: integer('compatibility'),
    /** JSON array of the card's reasons (Korean). */
    reasons: text('reasons').notNull(),
    /** What the member did with the card: null until they act. */
    action: text('action', { enum: TODAY_ACTIONS }),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.day, t.candidateId] }),
    index('today_cards_day_candidate').on(t.day, t.candidateId),
  ],
);

/** 아는 사람 피하기 (docs/privacy.md): keyed hashes of phone numbers a member avoids, never the numbers. */
export const avoidPhones = sqliteTable(
  'avoid_phones',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    phoneHash: text('phone_hash').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.phoneHash] }), index('avoid_phones_hash').on(t.phoneHash)],
);

/** 데이트 공유 (docs/privacy.md): a link a member gives a friend before meeting a match. */
export const dateShares = sqliteTable(
  'date_shares',
  {
    /** SHA-256 of the link's token (the token is only in the link). */
    id: text('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    matchId: integer('match_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    roomId: integer('room_id').notNull(),
    place: text('place').notNull(),
    meetAt: text('meet_at').notNull(),
    expiresAt: text('expires_at').notNull(),
    revokedAt: text('revoked_at'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('date_shares_member').on(t.memberId, t.createdAt), index('date_shares_match').on(t.matchId)],
);

/** Each opening of a 데이트 공유 link, for its owner. */
export const dateShareViews = sqliteTable(
  'date_share_views',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    shareId: text('share_id')
      .notNull()
      .references(() => dateShares.id, { onDelete: 'cascade' }),
    viewedAt: text('viewed_at').notNull().default(now),
  },
  (t) => [index('date_share_views_share').on(t.shareId, t.viewedAt)],
);
