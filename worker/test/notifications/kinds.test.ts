// Each kind reaches the right member's list with its Korean text and a link to an existing page,
// written by the action itself (chat requests, hearts, community, reports, notices, chat rooms).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { notifyRequestExpired } from '../../src/areas/notifications/producers';
import type { CommunityPost } from '../../src/contract/community';
import { makeDb } from '../../src/lib/db';
import { consoleAdmin, call as consoleCall } from '../admin/console-helpers';
import { signUpMember } from '../helpers/auth';
import {
  acceptRequest,
  matchedPair,
  openLive,
  openRoom,
  postAs,
  requestChat,
  twoMembers,
  within,
} from '../helpers/chat';
import { makeComment, makePost } from '../helpers/community';
import { adminSession, call } from '../helpers/mypage';
import { consume, eventually, notificationsOf, rowsOf } from '../helpers/notifications';

const heart = (from: { accessToken: string }, to: number) =>
  call(`/api/on/heart/${to}`, { method: 'PUT', token: from.accessToken });
const like = (member: { accessToken: string }, postId: number) =>
  call(`/api/on/community/${postId}/like`, { method: 'POST', token: member.accessToken });

describe('chat requests', () => {
  it('채팅 요청이 왔어요 goes to the requested member (not the requester), linking to the requests tab', async () => {
    const [a, b] = await twoMembers();
    const res = await requestChat(a, b.memberId);
    expect(res.status).toBe(200);
    const [item, ...rest] = await notificationsOf(b);
    expect(rest).toEqual([]);
    expect(item).toMatchObject({
      kind: 'CHAT_REQUEST',
      text: '김하늘님이 채팅을 요청했어요. 수락하면 대화를 시작할 수 있어요',
      link: '/chatting?tab=requests',
      read: false,
    });
    expect(await notificationsOf(a)).toEqual([]);
  });

  it('요청을 수락했어요 goes to the requester, linking to the new room', async () => {
    const { a, b, roomId } = await matchedPair();
    const items = await notificationsOf(a);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'REQUEST_ACCEPTED',
      text: '이바다님이 채팅 요청을 수락했어요. 지금 대화를 시작해 보세요',
      link: `/chatting?room=${roomId}`,
    });
    // b has only the request they answered.
    expect((await notificationsOf(b)).map((n) => n.kind)).toEqual(['CHAT_REQUEST']);
  });

  it('요청이 만료됐어요 is written for the requester by the expiry hook', async () => {
    const [a, b] = await twoMembers();
    const { matchingId } = await (await requestChat(a, b.memberId)).json<{ matchingId: number }>();
    await notifyRequestExpired(
      { env, db: makeDb(env.DB), now: new Date() },
      { matchingId, requesterId: a.memberId, targetId: b.memberId },
    );
    expect(await notificationsOf(a)).toMatchObject([
      { kind: 'REQUEST_EXPIRED', text: '이바다님에게 보낸 채팅 요청이 답을 받지 못하고 만료됐어요', link: '/chatting' },
    ]);
  });
});

describe('hearts', () => {
  it('the bell moves live: the queue consumer sends the unread count to the member’s live channel', async () => {
    const [a, b] = await twoMembers();
    const liveB = await openLive(b);
    expect((await heart(a, b.memberId)).status).toBe(200);
    const [frame] = await within(10_000, 'notification frame via the notif queue', liveB.waitFor('notification'));
    expect(frame).toEqual({ type: 'notification', unread: 1 });
    liveB.close();
  }, 15_000);

  it('마음을 받았어요 once per heart: a second PUT adds nothing, and taking it back then giving it again updates the same row', async () => {
    const [a, b] = await twoMembers();
    expect((await heart(a, b.memberId)).status).toBe(200);
    expect((await heart(a, b.memberId)).status).toBe(200);
    expect(await notificationsOf(b)).toMatchObject([
      { kind: 'HEART', text: '김하늘님이 마음을 보냈어요', link: `/profile/${a.memberId}`, read: false },
    ]);
    await call(`/api/on/heart/${b.memberId}`, { method: 'DELETE', token: a.accessToken });
    await heart(a, b.memberId);
    expect(await rowsOf(b.memberId)).toHaveLength(1);
  });

  it('서로 마음이에요 goes to both when a heart answers theirs', async () => {
    const [a, b] = await twoMembers();
    await heart(a, b.memberId);
    await heart(b, a.memberId);
    expect((await notificationsOf(a))[0]).toMatchObject({
      kind: 'MUTUAL_HEART',
      text: '이바다님과 서로 마음이에요. 먼저 채팅을 요청해 보세요',
      link: `/profile/${b.memberId}`,
    });
    expect((await notificationsOf(b)).map((n) => [n.kind, n.text])).toEqual([
      ['MUTUAL_HEART', '김하늘님과 서로 마음이에요. 먼저 채팅을 요청해 보세요'],
      ['HEART', '김하늘님이 마음을 보냈어요'],
    ]);
  });
});

describe('서로 마음 with a request already between them (issue 21 #21)', () => {
  it('never says 먼저 채팅을 요청해 보세요 while the other’s request is waiting', async () => {
    const [a, b] = await twoMembers();
    expect((await requestChat(a, b.memberId)).status).toBe(200);
    await heart(a, b.memberId);
    await heart(b, a.memberId);
    const mutualOf = async (m: typeof a) => (await notificationsOf(m)).find((n) => n.kind === 'MUTUAL_HEART');
    expect(await mutualOf(b)).toMatchObject({
      text: '김하늘님과 서로 마음이에요. 도착한 채팅 요청을 확인해 보세요',
      link: '/chatting?tab=requests',
    });
    expect(await mutualOf(a)).toMatchObject({
      text: '이바다님과 서로 마음이에요. 보낸 채팅 요청의 답을 기다리고 있어요',
      link: `/profile/${b.memberId}`,
    });
  });
});

describe('community', () => {
  it('내 글에 댓글 goes to the author with the comment quoted, not for their own comments', async () => {
    const [author, reader] = await twoMembers();
    const post = await makePost(author);
    await makeComment(author, post.id, '제가 쓴 글이에요');
    await makeComment(reader, post.id, '저도 거기 가 보고 싶어요!\n주소 알려 주세요');
    expect(await notificationsOf(author)).toMatchObject([
      {
        kind: 'COMMENT',
        text: '이바다님이 내 글에 댓글을 남겼어요: “저도 거기 가 보고 싶어요! 주소 알려 주세요”',
        link: `/communityList?post=${post.id}`,
      },
    ]);
  });

  it('좋아요 are batched in one row per post: "○○님 외 N명이 내 글을 좋아해요"; the author’s own like is not news', async () => {
    const author = await signUpMember({ name: '박글쓴' });
    const post: CommunityPost = await makePost(author);
    expect((await like(author, post.id)).status).toBe(200);
    expect(await notificationsOf(author)).toEqual([]);
    const fans = await Promise.all(['정하나', '최둘', '한셋'].map((name) => signUpMember({ name })));
    for (const fan of fans) expect((await like(fan, post.id)).status).toBe(200);
    const items = await notificationsOf(author);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'POST_LIKE',
      text: '한셋님 외 2명이 내 글을 좋아해요',
      link: `/communityList?post=${post.id}`,
    });
  });
});

describe('좋아요 taken back (issue 21 §14)', () => {
  it('the row never counts a like that was toggled off; the last one taken back removes it', async () => {
    const author = await signUpMember({ name: '박글쓴' });
    const post: CommunityPost = await makePost(author);
    const [one, two] = await Promise.all(['정하나', '최둘'].map((name) => signUpMember({ name })));
    if (!one || !two) throw new Error('members');
    expect((await like(one, post.id)).status).toBe(200);
    expect((await like(two, post.id)).status).toBe(200);
    expect((await notificationsOf(author))[0]?.text).toBe('최둘님 외 1명이 내 글을 좋아해요');
    expect((await like(two, post.id)).status).toBe(200); // toggled off
    const [item] = await notificationsOf(author);
    expect(item?.text).toBe('정하나님이 내 글을 좋아해요');
    expect((await rowsOf(author.memberId))[0]).toMatchObject({ actor_id: one.memberId, count: 1 });
    expect((await like(one, post.id)).status).toBe(200); // toggled off: nobody likes it now
    expect(await notificationsOf(author)).toEqual([]);
  });
});

describe('report results', () => {
  it('신고 처리 결과 tells the reporter it was handled, without naming the reported member or a penalty', async () => {
    const [reporter, target] = await twoMembers();
    const sent = await call('/api/on/report', {
      method: 'POST',
      token: reporter.accessToken,
      json: { targetMemberId: target.memberId, reasonType: 'ABUSE', content: '욕설을 했어요.', pageUrl: '/main' },
    });
    expect(sent.status).toBe(200);
    const { id } = (await env.DB.prepare('SELECT id FROM reports WHERE reporter_id = ?')
      .bind(reporter.memberId)
      .first<{ id: number }>()) ?? { id: 0 };
    const admin = await consoleAdmin();
    expect((await consoleCall(`/admin/reports/${id}/accept`, { method: 'PATCH', cookie: admin.cookie })).status).toBe(
      200,
    );
    const [item] = await notificationsOf(reporter);
    expect(item).toMatchObject({ kind: 'REPORT_RESULT', link: '/notifications' });
    expect(item?.text).toMatch(/^\d{1,2}월 \d{1,2}일에 보내 주신 신고를 검토하고 운영 정책에 따라 조치했어요\./);
    expect(item?.text).not.toContain('이바다');
    expect(item?.text).not.toMatch(/정지|차단|제재/);
    expect(await notificationsOf(target)).toEqual([]);
  });
});

describe('notices', () => {
  it('새 공지 reaches active members through the queue fan-out, not banned or withdrawn ones', async () => {
    const [reader, banned, gone] = await Promise.all([signUpMember(), signUpMember(), signUpMember()]);
    await env.DB.prepare("UPDATE members SET status = 'BANNED', banned_until = NULL WHERE id = ?")
      .bind(banned.memberId)
      .run();
    await env.DB.prepare("UPDATE members SET deleted_at = '2026-01-01T00:00:00.000Z' WHERE id = ?")
      .bind(gone.memberId)
      .run();
    const res = await call('/notices/create', {
      method: 'POST',
      admin: await adminSession(),
      json: { title: '서비스 점검 안내', content: '새벽 2시부터 점검이 있어요.' },
    });
    const notice = await res.json<{ id: number }>();
    // The fan-out the create call enqueued, run here batch by batch until it reaches the reader.
    const message = { type: 'notice' as const, noticeId: notice.id, afterMemberId: 0 };
    const result = await consume([message]);
    expect(result.explicitAcks).toHaveLength(1);
    await eventually(
      () => rowsOf(reader.memberId),
      (rows) => rows.length > 0,
      20_000,
    );
    expect(await notificationsOf(reader)).toMatchObject([
      { kind: 'NOTICE', text: '새 공지가 올라왔어요: 서비스 점검 안내', link: `/notices/${notice.id}` },
    ]);
    expect(await rowsOf(banned.memberId)).toEqual([]);
    expect(await rowsOf(gone.memberId)).toEqual([]);
  }, 30_000);
});

describe('new messages', () => {
  it('새 메시지: one row per room for the member away from it, updated in place; none while they are in the room; read with the room', async () => {
    const { a, b, roomId } = await matchedPair();
    const liveB = await openLive(b);
    const sa = await openRoom(a, roomId);
    sa.send('안녕하세요');
    await within(5_000, 'first summary', liveB.waitFor('room', 1));
    const first = await eventually(
      () => rowsOf(b.memberId),
      (rows) => rows.some((r) => r.kind === 'MESSAGE'),
    );
    expect(first.find((r) => r.kind === 'MESSAGE')).toMatchObject({
      text: '김하늘님이 메시지를 보냈어요: 안녕하세요',
      link: `/chatting?room=${roomId}`,
      count: 1,
    });
    sa.send('오늘 저녁에 시간 괜찮으세요?');
    await within(8_000, 'second summary', liveB.waitFor('room', 2));
    const second = await eventually(
      () => rowsOf(b.memberId),
      (rows) => rows.some((r) => r.kind === 'MESSAGE' && r.count === 2),
    );
    expect(second.filter((r) => r.kind === 'MESSAGE')).toMatchObject([
      { text: '김하늘님이 메시지 2개를 보냈어요: 오늘 저녁에 시간 괜찮으세요?', count: 2, read_at: null },
    ]);
    // Reading the room reads its notification.
    expect((await postAs(b, `/api/on/chat-rooms/${roomId}/read`)).status).toBe(200);
    const read = (await rowsOf(b.memberId)).find((r) => r.kind === 'MESSAGE');
    expect(read?.read_at).not.toBeNull();

    // b in the room: a's messages are not unread for them and write no notification.
    const sb = await openRoom(b, roomId);
    sa.send('지금 보고 계시네요');
    await sb.waitFor('message', 1);
    // The room's summary write for that message (the point where an away member would be notified).
    await eventually(
      () =>
        env.DB.prepare('SELECT message_count AS n FROM chat_rooms WHERE id = ?').bind(roomId).first<{ n: number }>(),
      (row) => row?.n === 3,
      8_000,
    );
    const after = (await rowsOf(b.memberId)).find((r) => r.kind === 'MESSAGE');
    expect(after).toMatchObject({ count: 2, read_at: read?.read_at });
    expect(await rowsOf(a.memberId)).toHaveLength(1); // only 요청을 수락했어요
    sa.close();
    sb.close();
    liveB.close();
  }, 30_000);
});

describe('unsent messages (issue 21 §2)', () => {
  it('unsending rewrites the other member’s 새 메시지 row without the text and announces it again', async () => {
    const { a, b, roomId } = await matchedPair();
    const liveB = await openLive(b);
    const sa = await openRoom(a, roomId);
    sa.send('비밀 번호는 1234예요');
    const [sent] = await sa.waitFor('message', 1);
    await within(5_000, 'summary', liveB.waitFor('room', 1));
    const before = await eventually(
      () => rowsOf(b.memberId),
      (rows) => rows.some((r) => r.kind === 'MESSAGE'),
    );
    const row = before.find((r) => r.kind === 'MESSAGE');
    expect(row?.text).toContain('비밀 번호는 1234예요');
    // As if the queue had pushed it already.
    const OLD = '2000-01-01T00:00:00.000Z';
    await env.DB.prepare('UPDATE notifications SET delivered_at = ? WHERE id = ?').bind(OLD, row?.id).run();

    const id = sent?.id ?? 0;
    const res = await call(`/api/on/chat-rooms/${roomId}/messages/${id}`, { method: 'DELETE', token: a.accessToken });
    expect(res.status).toBe(200);

    const [item] = (await notificationsOf(b)).filter((n) => n.kind === 'MESSAGE');
    expect(item?.text).toBe('김하늘님이 메시지를 보냈어요');
    const after = (await rowsOf(b.memberId)).find((r) => r.kind === 'MESSAGE');
    expect(after).toMatchObject({ count: 1, read_at: null, updated_at: row?.updated_at });
    expect(after?.delivered_at).not.toBe(OLD); // announced again: the pushed copy is replaced
    sa.close();
    liveB.close();
  });
});
