// The your-turn limit on a phone (docs/chat.md "Your turn and quiet rooms"): with 10 open rooms waiting
// on my reply (seeded with SQL on the local D1, as the rooms' summaries would say), accepting a
// request in 요청 opens '답장을 기다리는 대화가 있어요' with the waiting rooms, oldest first, and 답장하기
// leads into one. axe on the dialog.
import { expect, test } from '@playwright/test';
import { YOUR_TURN } from '../worker/src/contract/chat';
import { expectNoSeriousA11yViolations } from './support/axe';
import { sql } from './support/d1';
import { declinePushOptIn, newIdentity, signInAs, signUpViaApi } from './support/members';

test.use({ viewport: { width: 390, height: 844 } });

/**
 * Open rooms with `me` where another member wrote last (a day apart, oldest first), straight in D1;
 * safe to run again (it adds nothing twice).
 */
async function seedWaitingRooms(me: number, except: number, count: number): Promise<void> {
  await sql(`
    INSERT INTO chat_requests (requester_id, target_id, status, created_at)
      SELECT id, ${me}, 'ACCEPTED', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (20 + id % 1000) || ' days')
        FROM members WHERE id NOT IN (${me}, ${except}) AND deleted_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM chat_requests WHERE target_id = ${me} AND status = 'ACCEPTED')
       ORDER BY id LIMIT ${count};
    INSERT OR IGNORE INTO chat_rooms (request_id, member_a, member_b, created_at, last_message, last_message_at, last_sender_id, message_count)
      SELECT id, requester_id, target_id, created_at, '잘 지내요?', created_at, requester_id, 1
        FROM chat_requests WHERE target_id = ${me} AND status = 'ACCEPTED';
    INSERT OR IGNORE INTO chat_room_members (room_id, member_id, opponent_id)
      SELECT id, member_b, member_a FROM chat_rooms WHERE member_b = ${me}
      UNION ALL SELECT id, member_a, member_b FROM chat_rooms WHERE member_b = ${me};`);
}

test('at the your-turn limit an accept opens the list of rooms waiting on my reply, each a way in', async ({
  browser,
}) => {
  const me = newIdentity({ name: '윤다온', gender: 'F' });
  const asker = newIdentity({ name: '서지호', gender: 'M', birthday: '1993-04-04' });
  const page = await (await browser.newContext()).newPage();
  await declinePushOptIn(page);
  await signUpViaApi(page.request, me);
  const askerPage = await (await browser.newContext()).newPage();
  await signUpViaApi(askerPage.request, asker);
  const { memberId: askerId, accessToken } = await signInAs(askerPage, asker.email);
  const { memberId: myId } = await signInAs(page, me.email);
  const req = await askerPage.request.post(`/api/on/matching/request/${myId}`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(req.ok(), await req.text()).toBeTruthy();
  await seedWaitingRooms(myId, askerId, YOUR_TURN.limit);

  await page.goto('/chatting?tab=requests');
  await page.getByRole('button', { name: '서지호님의 요청 수락하기' }).click();
  const dialog = page.getByRole('dialog', { name: '답장을 기다리는 대화가 있어요' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`${YOUR_TURN.limit}명이 내 답장을 기다리고 있어요`);
  const rows = dialog.getByRole('list', { name: '답장을 기다리는 대화' }).getByRole('listitem');
  await expect(rows).toHaveCount(YOUR_TURN.limit);
  await expectNoSeriousA11yViolations(page, 'your-turn limit dialog at 390×844');

  const first = rows.first().getByRole('link', { name: /님에게 답장하기$/ });
  const href = await first.getAttribute('href');
  await first.click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  // The request is still there to accept once I have answered.
  await page.goto('/chatting?tab=requests');
  await expect(page.getByRole('button', { name: '서지호님의 요청 수락하기' })).toBeVisible();
});
