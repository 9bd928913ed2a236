// Shared chat steps for browser specs: a member signed up and signed in on their own context, a
// chat request, and an open room between two members (request and accept through the API).
import { expect, type Browser, type Page } from '@playwright/test';
import { declinePushOptIn, type Identity, newIdentity, signInAs, signUpViaApi } from './members';

export type ChatMember = { page: Page; memberId: number; token: string };

export type ChatMemberOptions = {
  /** The context's viewport (Playwright's default 1280 × 720 when absent). */
  viewport?: { width: number; height: number };
  /** A phone: touch and a mobile viewport. */
  phone?: boolean;
  /** The fake microphone (playwright.config.ts) granted: voice notes and calls. */
  microphone?: boolean;
  /** The fake camera granted too: video calls. */
  camera?: boolean;
  /** Signup fields beyond the identity (e.g. a place, so profiles open for each other). */
  profile?: Parameters<typeof signUpViaApi>[2];
};

/** A new member signed up and signed in on their own context, the push opt-in declined. */
export async function chatMember(
  browser: Browser,
  identity: Identity,
  options: ChatMemberOptions = {},
): Promise<ChatMember> {
  const context = await browser.newContext({
    ...(options.viewport ? { viewport: options.viewport } : {}),
    ...(options.phone ? { hasTouch: true, isMobile: true } : {}),
  });
  const devices = [...(options.camera ? ['camera'] : []), ...(options.microphone ? ['microphone'] : [])];
  if (devices.length > 0) await context.grantPermissions(devices);
  const page = await context.newPage();
  await declinePushOptIn(page);
  const memberId = await signUpViaApi(page.request, identity, options.profile);
  const { accessToken } = await signInAs(page, identity.email);
  return { page, memberId, token: accessToken };
}

export const auth = (m: { token: string }) => ({ Authorization: `Bearer ${m.token}` });

/** `from` sends `targetId` a chat request through the API: its matching id. */
export async function requestChat(from: { page: Page; token: string }, targetId: number): Promise<number> {
  const res = await from.page.request.post(`/api/on/matching/request/${targetId}`, { headers: auth(from) });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { matchingId: number }).matchingId;
}

/** `a` requests and `b` accepts through the API: the open room's id. */
export async function openRoom(a: ChatMember, b: ChatMember): Promise<number> {
  const matchingId = await requestChat(a, b.memberId);
  const acc = await b.page.request.post(`/api/on/chat-rooms/matchings/${matchingId}/accept`, { headers: auth(b) });
  expect(acc.ok(), await acc.text()).toBeTruthy();
  return ((await acc.json()) as { chatRoomId: number }).chatRoomId;
}

/**
 * Two members whose room is open: `a` (a woman looking for men) and `b` (a man looking for women),
 * each on their own context with `options[i]`.
 */
export async function talkingPair(
  browser: Browser,
  names: [string, string],
  options: [ChatMemberOptions?, ChatMemberOptions?] = [],
): Promise<{ a: ChatMember; b: ChatMember; roomId: number }> {
  const a = await chatMember(browser, newIdentity({ name: names[0], gender: 'F' }), options[0]);
  const b = await chatMember(browser, newIdentity({ name: names[1], gender: 'M', birthday: '1992-02-02' }), options[1]);
  return { a, b, roomId: await openRoom(a, b) };
}
