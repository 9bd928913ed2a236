// The daily Cron Trigger deletes notifications whose latest event is more than 30 days old.
import { createScheduledController, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { writeNotification } from '../../src/areas/notifications/repo';
import worker from '../../src/index';
import { makeDb } from '../../src/lib/db';
import { signUpMember } from '../helpers/auth';
import { rowsOf } from '../helpers/notifications';

const NOW = '2026-11-24T19:00:00.000Z';
const daysBefore = (days: number, extraMs = 0) => new Date(Date.parse(NOW) - days * 86_400_000 + extraMs).toISOString();

describe('scheduled clean-up', () => {
  it('deletes rows older than 30 days and keeps the rest, including an old group updated recently', async () => {
    const me = await signUpMember();
    const db = makeDb(env.DB);
    const write = (groupKey: string, at: string) =>
      writeNotification(db, {
        memberId: me.memberId,
        kind: 'POST_LIKE',
        groupKey,
        actorId: null,
        text: '좋아요',
        link: '/communityList?post=1',
        count: 1,
        at,
        collapse: true,
      });
    await write('old', daysBefore(31));
    await write('just-over', daysBefore(30, -1));
    await write('just-under', daysBefore(30, 60_000));
    await write('revived', daysBefore(40));
    await write('revived', daysBefore(1)); // the same group's later event: updated in place

    const controller = createScheduledController({ scheduledTime: Date.parse(NOW), cron: '0 19 * * *' });
    await worker.scheduled(controller, { ...env, FIXED_NOW: NOW });

    expect((await rowsOf(me.memberId)).map((r) => r.group_key).sort()).toEqual(['just-under', 'revived']);
  });
});
