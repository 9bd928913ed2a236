// Each vocabulary once: every enum column of db/schema.ts takes its values from the contract (the
// list the SPAs and the zod schemas use), so a code added to one cannot be missing from the other.
import { readFileSync } from 'node:fs';
import { is } from 'drizzle-orm';
import { SQLiteTable, getTableConfig } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROLES } from '../src/contract/admin-auth';
import { BAN_ACTIONS, REPORT_STATUSES } from '../src/contract/admin-console';
import { AUDIT_ACTIONS } from '../src/contract/audit';
import { ROOM_CLOSE_REASONS } from '../src/contract/chat';
import {
  GENDERS,
  IMAGE_ROLES,
  LOOKING_FOR,
  MEMBER_STATUSES,
  POST_CATEGORIES,
  PROVIDER_TYPES,
  REPORT_REASONS,
  STORED_AGREEMENT_ITEMS,
} from '../src/contract/enums';
import { IDENTITY_PROVIDERS, PORTONE_VERIFICATION_STATUSES } from '../src/contract/identity';
import { CHAT_REQUEST_STATUSES } from '../src/contract/mypage';
import { NOTIFICATION_KINDS } from '../src/contract/notifications';
import { PHOTO_MATCH_STATUSES, PHOTO_REVIEW_STATUSES, PHOTO_SOURCES } from '../src/contract/photo-verification';
import { NUDGE_CONTEXTS, NUDGE_OUTCOMES } from '../src/contract/safety/kinds';
import * as schema from '../src/db/schema';

/** SQL table.column → the contract's list. A new enum column must be added here with its list. */
const VOCABULARY: Record<string, readonly string[]> = {
  'members.provider_type': PROVIDER_TYPES,
  'members.gender': GENDERS,
  'members.looking_for': LOOKING_FOR,
  'members.status': MEMBER_STATUSES,
  'member_images.role': IMAGE_ROLES,
  'member_agreements.item': STORED_AGREEMENT_ITEMS,
  'signup_sessions.provider_type': PROVIDER_TYPES,
  'signup_sessions.gender': GENDERS,
  'admins.role': ADMIN_ROLES,
  'community_posts.category': POST_CATEGORIES,
  'reports.reason_type': REPORT_REASONS,
  'reports.status': REPORT_STATUSES,
  'ban_history.action': BAN_ACTIONS,
  'chat_requests.status': CHAT_REQUEST_STATUSES,
  'chat_rooms.closed_reason': ROOM_CLOSE_REASONS,
  'notifications.kind': NOTIFICATION_KINDS,
  'identity_verifications.provider': IDENTITY_PROVIDERS,
  'identity_verifications.gender': GENDERS,
  'photo_verifications.source': PHOTO_SOURCES,
  'photo_verifications.status': PHOTO_REVIEW_STATUSES,
  'photo_matches.status': PHOTO_MATCH_STATUSES,
  'dev_portone_verifications.status': PORTONE_VERIFICATION_STATUSES,
  'safety_nudges.context': NUDGE_CONTEXTS,
  'safety_nudges.outcome': NUDGE_OUTCOMES,
  'audit_log.admin_role': ADMIN_ROLES,
  'audit_log.action': AUDIT_ACTIONS,
};

function enumColumns(): Map<string, readonly string[]> {
  const found = new Map<string, readonly string[]>();
  for (const table of Object.values(schema)) {
    if (!is(table, SQLiteTable)) continue;
    const config = getTableConfig(table);
    for (const column of config.columns) {
      const values = (column as { enumValues?: readonly string[] }).enumValues;
      if (values && values.length > 0) found.set(`${config.name}.${column.name}`, values);
    }
  }
  return found;
}

describe('the schema takes each vocabulary from the contract', () => {
  it('gives every enum column exactly the values of its contract list', () => {
    const columns = enumColumns();
    expect(columns.size).toBeGreaterThanOrEqual(Object.keys(VOCABULARY).length);
    for (const [column, values] of columns) {
      expect(VOCABULARY[column], `${column}: no contract list registered in this test`).toBeDefined();
      expect([...values].sort(), `${column} differs from the contract`).toEqual([...(VOCABULARY[column] ?? [])].sort());
    }
    for (const column of Object.keys(VOCABULARY))
      expect(columns.has(column), `${column} is not an enum column`).toBe(true);
  });

  it('writes no list of codes inline in db/schema.ts', () => {
    const source = readFileSync(new URL('../src/db/schema.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/enum:\s*\[/);
  });
});
