// Each vocabulary once: every enum column of db/schema.ts takes its values from the contract (the
// list the SPAs and the zod schemas use), so a code added to one cannot be missing from the other.
import { readFileSync } from 'node:fs';
import { is } from 'drizzle-orm';
import { SQLiteTable, getTableConfig } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as adminAuth from '../src/contract/admin-auth';
import * as adminConsole from '../src/contract/admin-core';
import * as audit from '../src/contract/audit';
import * as chat from '../src/contract/chat';
import * as enums from '../src/contract/enums';
import * as identity from '../src/contract/identity';
import * as mypage from '../src/contract/mypage';
import * as notifications from '../src/contract/notifications';
import * as photos from '../src/contract/photo-verification';
import * as safety from '../src/contract/safety/kinds';
import * as schema from '../src/db/schema';
import * as today from '../src/contract/today-core';
import * as values from '../src/contract/values-core';
import * as voice from '../src/contract/voice';

/** SQL table.column → the contract's list. A new enum column must be added here with its list. */
const VOCABULARY: Record<string, readonly string[]> = {
  'members.provider_type': enums.PROVIDER_TYPES,
  'members.gender': enums.GENDERS,
  'members.looking_for': enums.LOOKING_FOR,
  'members.status': enums.MEMBER_STATUSES,
  'member_images.role': enums.IMAGE_ROLES,
  'member_agreements.item': enums.STORED_AGREEMENT_ITEMS,
  'signup_sessions.provider_type': enums.PROVIDER_TYPES,
  'signup_sessions.gender': enums.GENDERS,
  'admins.role': adminAuth.ADMIN_ROLES,
  'community_posts.category': enums.POST_CATEGORIES,
  'reports.reason_type': enums.REPORT_REASONS,
  'reports.status': adminConsole.REPORT_STATUSES,
  'ban_history.action': adminConsole.BAN_ACTIONS,
  'chat_requests.status': mypage.CHAT_REQUEST_STATUSES,
  'chat_rooms.closed_reason': chat.ROOM_CLOSE_REASONS,
  'notifications.kind': notifications.NOTIFICATION_KINDS,
  'identity_verifications.provider': identity.IDENTITY_PROVIDERS,
  'identity_verifications.gender': enums.GENDERS,
  'photo_verifications.source': photos.PHOTO_SOURCES,
  'photo_verifications.status': photos.PHOTO_REVIEW_STATUSES,
  'photo_matches.status': photos.PHOTO_MATCH_STATUSES,
  'dev_portone_verifications.status': identity.PORTONE_VERIFICATION_STATUSES,
  'safety_nudges.context': safety.NUDGE_CONTEXTS,
  'safety_nudges.outcome': safety.NUDGE_OUTCOMES,
  'audit_log.admin_role': adminAuth.ADMIN_ROLES,
  'audit_log.action': audit.AUDIT_ACTIONS,
  'value_answers.importance': values.VALUE_IMPORTANCES,
  'today_cards.action': today.TODAY_ACTIONS,
  'member_voice_intros.content_type': voice.VOICE_CONTENT_TYPES,
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
