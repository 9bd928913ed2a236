// The operators' safety desk (docs/safety.md "Safety desk") at desktop size: a member sends an early CONTACT
// message (flagged here with one SQL insert on the local D1, as the chat room object records
// its flags), the operator signs in, finds the member on 안전 데스크 with the score's reasons,
// opens the evidence (the flagged message among the ones around it, read from the room), sends a
// warning from a preset, and the member's 알림 holds it; 감사 기록 shows the action. axe on each screen.
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { WARNING_PRESETS } from '../worker/src/contract/safety-desk-core';
import { expectNoSeriousA11yViolations as audit } from './support/axe';
import { signInAdmin } from './support/admin';
import { sql } from './support/d1';
import { newIdentity, signInAs, signUpViaApi, type Identity } from './support/members';

test.use({ viewport: { width: 1280, height: 860 } });

async function member(browser: Browser, identity: Identity) {
  const page = await (await browser.newContext()).newPage();
  await signUpViaApi(page.request, identity);
  const { memberId, accessToken } = await signInAs(page, identity.email);
  return { page, memberId, auth: { Authorization: `Bearer ${accessToken}` } };
}

async function postJson<T>(request: APIRequestContext, url: string, headers: Record<string, string>): Promise<T> {
  const res = await request.post(url, { headers });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as T;
}

test('an operator works the queue: a flagged member, the evidence in context, a warning the member receives', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const sender = await member(browser, newIdentity({ name: '급한연락', gender: 'M' }));
  const receiver = await member(browser, newIdentity({ name: '차분한', gender: 'F' }));

  // A room between them (request → accept), then messages through the room's socket.
  const { matchingId } = await postJson<{ matchingId: number }>(
    sender.page.request,
    `/api/on/matching/request/${receiver.memberId}`,
    sender.auth,
  );
  const room = await postJson<{ chatRoomId: number }>(
    receiver.page.request,
    `/api/on/chat-rooms/matchings/${matchingId}/accept`,
    receiver.auth,
  );
  const { ticket } = await postJson<{ ticket: string }>(
    sender.page.request,
    `/api/on/chat-rooms/${room.chatRoomId}/ws-ticket`,
    sender.auth,
  );
  const lines = ['안녕하세요', '사진 보고 연락드려요', '카톡 아이디 알려줄게요 여기로 와요', '답장 기다릴게요'];
  const ids = await sender.page.evaluate(
    async ({ url, lines }) => {
      const ws = new WebSocket(url);
      const stored: Record<string, number> = {};
      await new Promise<void>((resolve, reject) => {
        ws.onerror = () => reject(new Error('socket failed'));
        ws.onmessage = (event) => {
          const frame = JSON.parse(String(event.data)) as { type: string; id?: number; content?: string };
          if (frame.type === 'ready')
            for (const content of lines)
              ws.send(JSON.stringify({ type: 'send', content, clientMsgId: crypto.randomUUID() }));
          if (frame.type === 'message' && frame.content && frame.id) stored[frame.content] = frame.id;
          if (Object.keys(stored).length === lines.length) resolve();
        };
      });
      ws.close();
      return stored;
    },
    {
      url: `${new URL(sender.page.url()).origin.replace('http', 'ws')}/api/on/chat-rooms/${room.chatRoomId}/ws?ticket=${encodeURIComponent(ticket)}`,
      lines,
    },
  );
  const flagged = ids[lines[2]!];
  expect(flagged).toBeGreaterThan(0);
  // OR IGNORE: once the room object records its own flags, this message may already have one.
  await sql(
    `INSERT OR IGNORE INTO safety_flags (room_id, message_id, sender_id, receiver_id, kinds, early)
     VALUES (${room.chatRoomId}, ${flagged}, ${sender.memberId}, ${receiver.memberId}, 'CONTACT', 1)`,
  );

  // The operator signs in and opens 안전 데스크.
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
  // Through both factors (password, then the authenticator's code), not a reused session.
  await signInAdmin(page, { fresh: true });
  await page.getByRole('menuitem', { name: '안전 데스크' }).click();
  const row = page.getByRole('row').filter({ hasText: `#${sender.memberId}` });
  await expect(row).toContainText('외부 연락처 유도 감지 1건');
  await expect(row).toContainText('첫 대화에서 연락처·금전 이야기 1건');
  await audit(page, 'safety desk queue');

  // The evidence: the flagged message among the ones around it.
  await row.click();
  await expect(page.getByRole('heading', { name: '급한연락 님 검토' })).toBeVisible();
  const evidence = page.getByRole('article');
  await expect(evidence.getByRole('listitem')).toHaveCount(lines.length);
  await expect(evidence.getByRole('listitem').filter({ hasText: '[감지된 메시지]' })).toContainText(lines[2]!);
  await audit(page, 'safety desk item');

  // 경고 보내기 with a preset, a reason, and the confirmation.
  await page.getByRole('button', { name: '경고 보내기' }).click();
  const dialog = page.getByRole('dialog', { name: '급한연락 님에게 경고 보내기' });
  await dialog.getByRole('combobox', { name: '문구 고르기' }).click();
  await page.getByRole('option', { name: WARNING_PRESETS[0].label }).click();
  await dialog.getByRole('textbox', { name: /처리 사유/ }).fill('첫 대화에서 카톡으로 옮기자고 했어요');
  await audit(page, 'warning dialog');
  await dialog.getByRole('button', { name: '경고 보내기' }).click();
  await page.getByRole('dialog', { name: '이대로 처리할까요?' }).getByRole('button', { name: '경고 보내기' }).click();
  await expect(page.getByText('경고를 보냈어요.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `#${sender.memberId}` })).toHaveCount(0);

  // The member's 알림 holds it.
  const notes = await sender.page.request.get('/api/on/notifications', { headers: sender.auth });
  expect(notes.ok()).toBeTruthy();
  expect(JSON.stringify(await notes.json())).toContain(WARNING_PRESETS[0].text);

  // 감사 기록: the warning, by whom, on whom, why.
  await page.getByRole('menuitem', { name: '감사 기록' }).click();
  const entry = page
    .getByRole('row')
    .filter({ hasText: `#${sender.memberId}` })
    .first();
  await expect(entry).toContainText('경고');
  await expect(entry).toContainText('첫 대화에서 카톡으로 옮기자고 했어요');
  await audit(page, 'audit log');
});
