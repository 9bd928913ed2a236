// Chat in two browsers: one member requests (API), the other accepts in the UI; they talk in real
// time with Korean text (typed, and an IME composition whose Enter must not send), the unread
// badge appears for the one not looking, a reload keeps the history, and leaving ends it for both.
import { expect, test, type WebSocket } from '@playwright/test';
import { chatMember, requestChat, talkingPair } from './support/chat';
import { newIdentity } from './support/members';

test('request, accept, real-time Korean messages, unread badge and history after a reload', async ({ browser }) => {
  const jimin = await chatMember(browser, newIdentity({ name: '한지민', gender: 'F' }));
  const seojun = await chatMember(browser, newIdentity({ name: '박서준', gender: 'M', birthday: '1993-05-05' }));
  await requestChat(jimin, seojun.memberId);

  // 지민 waits on the chat page with nobody selected.
  const a = jimin.page;
  await a.goto('/chatting');
  await expect(a.getByText('대화할 상대를 선택해 주세요')).toBeVisible();

  // 서준 accepts in the 요청 tab: the room opens, is selected, and the 채팅 tab shows.
  const b = seojun.page;
  await b.goto('/chatting');
  await b.getByRole('tab', { name: /요청/ }).click();
  await b.getByRole('button', { name: '한지민님의 요청 수락하기' }).click();
  await expect(b.getByText('수락했어요!')).toBeVisible();
  await expect(b.getByRole('tab', { name: /채팅/ })).toHaveAttribute('aria-selected', 'true');
  const logB = b.getByRole('log', { name: '한지민님과의 대화' });
  await expect(logB).toBeVisible();

  // 지민's list gains the room live; 서준 writes while she is not looking: a badge appears.
  const roomForA = a.getByRole('button', { name: '박서준님과의 대화 열기' });
  await expect(roomForA).toBeVisible();
  const inputB = b.getByLabel('메시지 입력');
  await inputB.click();
  await b.keyboard.type('안녕하세요, 반가워요!');
  await b.keyboard.press('Enter');
  await expect(logB.getByText('안녕하세요, 반가워요!')).toHaveCount(1);
  await expect(roomForA.getByLabel('읽지 않은 메시지 1개')).toBeVisible();
  await expect(roomForA).toContainText('안녕하세요…');

  // Opening the room shows the message and clears the badge.
  await roomForA.click();
  const logA = a.getByRole('log', { name: '박서준님과의 대화' });
  await expect(logA.getByText('안녕하세요, 반가워요!')).toBeVisible();
  await expect(a.getByLabel('읽지 않은 메시지 1개')).toHaveCount(0);

  // Hangul IME: Enter while a syllable is being composed only finishes it — nothing is sent.
  const inputA = a.getByLabel('메시지 입력');
  await inputA.click();
  const cdp = await a.context().newCDPSession(a);
  await cdp.send('Input.imeSetComposition', { text: '반', selectionStart: 1, selectionEnd: 1 });
  await inputA.evaluate((el) =>
    el.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Enter', keyCode: 229, isComposing: true, bubbles: true, cancelable: true }),
    ),
  );
  await cdp.send('Input.insertText', { text: '반가워요 😊 오늘 날씨 좋네요' });
  await expect(inputA).toHaveValue('반가워요 😊 오늘 날씨 좋네요');
  await expect(logA.locator('.bubble-row')).toHaveCount(1);
  await a.keyboard.press('Enter');
  await expect(inputA).toHaveValue('');

  // Real time both ways; my own echo shows once.
  await expect(logB.getByText('반가워요 😊 오늘 날씨 좋네요')).toBeVisible();
  await expect(logA.getByText('반가워요 😊 오늘 날씨 좋네요')).toHaveCount(1);
  await inputB.click();
  await b.keyboard.insertText('네, 산책하기 딱 좋아요');
  await b.getByRole('button', { name: '보내기' }).click();
  await expect(logA.getByText('네, 산책하기 딱 좋아요')).toBeVisible();

  // A reload keeps the history, oldest first.
  await a.reload();
  const reloaded = a.getByRole('log', { name: '박서준님과의 대화' });
  await expect(reloaded.locator('.bubble')).toHaveText([
    '안녕하세요, 반가워요!',
    '반가워요 😊 오늘 날씨 좋네요',
    '네, 산책하기 딱 좋아요',
  ]);
  await expect(reloaded.locator('.bubble-row--mine .bubble')).toHaveText(['반가워요 😊 오늘 날씨 좋네요']);
});

test('leaving a room ends the conversation for the other member and disables their input', async ({ browser }) => {
  const minji = await chatMember(browser, newIdentity({ name: '김민지', gender: 'F' }));
  const taeho = await chatMember(browser, newIdentity({ name: '이태호', gender: 'M', birthday: '1994-09-09' }));
  await requestChat(minji, taeho.memberId);
  const b = taeho.page;
  await b.goto('/chatting');
  await b.getByRole('tab', { name: /요청/ }).click();
  await b.getByRole('button', { name: '김민지님의 요청 수락하기' }).click();
  await expect(b.getByRole('log', { name: '김민지님과의 대화' })).toBeVisible();

  const a = minji.page;
  await a.goto('/chatting');
  await a.getByRole('button', { name: '이태호님과의 대화 열기' }).click();
  // The room header's ⋮ menu holds 신고하기 / 차단하기 / 나가기.
  await a.getByRole('button', { name: '채팅방 메뉴' }).click();
  await expect(a.getByRole('menuitem')).toHaveText(['신고하기', '차단하기', '데이트 공유', '나가기']);
  await a.getByRole('menuitem', { name: '나가기' }).click();
  await a.getByRole('button', { name: '나가기', exact: true }).click();
  await expect(a.getByText('대화를 나갔어요.')).toBeVisible();
  await expect(a.getByText('대화할 상대를 선택해 주세요')).toBeVisible();

  await expect(b.getByText('상대방이 대화를 종료했어요.')).toBeVisible();
  await expect(b.getByLabel('메시지 입력')).toBeDisabled();
});

test('an emoji from the picker, then a Korean sentence typed with spaces: Enter sends exactly that', async ({
  browser,
}) => {
  const { a, b, roomId } = await talkingPair(browser, ['윤하린', '정도윤']);
  await b.page.goto(`/chatting?room=${roomId}`);
  const logB = b.page.getByRole('log', { name: '윤하린님과의 대화' });
  await expect(logB).toBeVisible();
  const page = a.page;
  await page.goto(`/chatting?room=${roomId}`);
  const input = page.getByLabel('메시지 입력');
  const toggle = page.getByRole('button', { name: '이모지 고르기' });

  // Keyboard: the picker takes focus once; → moves, Enter picks and returns to the message box.
  await toggle.click();
  await expect(page.getByRole('button', { name: '😀 넣기' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('button', { name: '😃 넣기' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(input).toBeFocused();
  await page.keyboard.type('안녕하세요 반가워요');
  await expect(input).toHaveValue('😃안녕하세요 반가워요');
  await page.keyboard.press('Enter');
  await expect(input).toHaveValue('');
  await expect(logB.locator('.bubble')).toHaveText(['😃안녕하세요 반가워요']);

  // Mouse: pick, then keep typing (IME-style insertion) and send with Enter.
  await toggle.click();
  await page.getByRole('button', { name: '🥰 넣기' }).click();
  await page.keyboard.insertText(' 또 만나요');
  await page.keyboard.press('Enter');
  await expect(logB.locator('.bubble')).toHaveText(['😃안녕하세요 반가워요', '🥰 또 만나요']);

  // Escape closes the picker and puts focus back on the 😊 button.
  await toggle.click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('grid', { name: '이모지 고르기' })).toHaveCount(0);
  await expect(toggle).toBeFocused();
});

test('going offline shows the connection notice at once; back online it reconnects and sends what waited', async ({
  browser,
}) => {
  const { a, b, roomId } = await talkingPair(browser, ['오세린', '한지후']);
  await b.page.goto(`/chatting?room=${roomId}`);
  const logB = b.page.getByRole('log', { name: '오세린님과의 대화' });
  await expect(logB).toBeVisible();
  const page = a.page;
  await page.goto(`/chatting?room=${roomId}`);
  const input = page.getByLabel('메시지 입력');
  await input.fill('연결 확인');
  await page.keyboard.press('Enter');
  await expect(logB.getByText('연결 확인')).toBeVisible();

  const notice = page.getByText('인터넷 연결이 끊겼어요. 다시 연결되면 바로 이어서 대화할 수 있어요.');
  await page.context().setOffline(true);
  await expect(notice).toBeVisible({ timeout: 1_000 });
  await input.fill('오프라인에서 쓴 말');
  await page.keyboard.press('Enter');
  await expect(page.getByText('연결되면 보낼게요')).toBeVisible();

  // Back online: no 5 s wait for the next attempt.
  await page.context().setOffline(false);
  await expect(notice).toBeHidden({ timeout: 1_000 });
  await expect(logB.getByText('오프라인에서 쓴 말')).toBeVisible({ timeout: 3_000 });
  await expect(page.getByText('연결되면 보낼게요')).toHaveCount(0);
});

test('a block closes the blocked member’s room socket within a second and ends the conversation', async ({
  browser,
}) => {
  const { a, b, roomId } = await talkingPair(browser, ['신유나', '류건우']);
  const page = b.page;
  // The room socket once the room has admitted it (its ready frame), listened for from the start
  // so a quick ready frame is not missed.
  const admitted = new Promise<WebSocket>((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().includes(`/api/on/chat-rooms/${roomId}/ws`)) return;
      ws.on('framereceived', (f) => {
        if (String(f.payload).includes('"ready"')) resolve(ws);
      });
    });
  });
  await page.goto(`/chatting/${roomId}`);
  await expect(page.getByRole('log', { name: '신유나님과의 대화' })).toBeVisible();
  const ws = await admitted;

  const res = await a.page.request.put(`/api/on/block/${b.memberId}`, {
    headers: { Authorization: `Bearer ${a.token}` },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  await expect.poll(() => ws.isClosed(), { timeout: 1_000 }).toBe(true);
  await expect(page.getByText('더 이상 대화할 수 없는 상대예요.')).toBeVisible();
  await expect(page.getByLabel('메시지 입력')).toBeDisabled();
});
