// My profile details, the prompt list, matching preferences, hearts received, and the
// admin's hide call. docs/api-extensions.md lists them.
import { Hono } from 'hono';
import {
  adminHideDetailBody,
  adminUnhideDetailBody,
  matchingPreferencesBody,
  receivedHeartsQuery,
  type MatchingPreferences,
  type MyProfileDetails,
  type ProfilePrompt,
  type ReceivedHeartsPage,
  type UnseenCount,
} from '../../contract/profile-details';
import { ADMIN_CONSOLE_MESSAGES } from '../../contract/admin';
import { requireAdmin } from '../../lib/admin-auth';
import { nowDate } from '../../lib/clock';
import type { AppEnv } from '../../lib/env';
import { NotFound } from '../../lib/errors';
import { requireMember } from '../members/member-auth';
import { idParam, noStore } from '../../lib/params';
import { jsonBody, parseWith } from '../../lib/validation';
import {
  hideDetail,
  markHeartsSeen,
  myDetails,
  myPreferences,
  promptList,
  receivedHearts,
  saveMyDetails,
  saveMyPreferences,
  unseenHearts,
  unhideDetail,
} from './service';
import { auditConsoleAction } from '../audit/service';
import { readVoiceForm } from '../../lib/audio';
import { requestContext } from '../../lib/context';
import { mediaResponse } from '../../lib/media-response';
import { linkOf } from '../../lib/signed-link';
import type { MyProfileVoice } from '../../contract/voice';
import { deleteMyVoice, myVoice, saveMyVoice, voiceNotFound, voiceObjectFor, VOICE_MEDIA_PATH } from './voice';

export const profileDetailRoutes = new Hono<AppEnv>();

profileDetailRoutes.get('/api/on/mypage/profile-details', requireMember, async (c) =>
  c.json<MyProfileDetails>(await myDetails(c.get('db'), c.get('memberId'))),
);

profileDetailRoutes.put('/api/on/mypage/profile-details', requireMember, async (c) =>
  c.json<MyProfileDetails>(await saveMyDetails(c.get('db'), c.get('memberId'), await jsonBody(c), nowDate(c.env))),
);

profileDetailRoutes.get('/api/on/profile/prompts', requireMember, (c) => c.json<ProfilePrompt[]>(promptList()));

profileDetailRoutes.get('/api/on/mypage/matching-preferences', requireMember, async (c) =>
  c.json<MatchingPreferences>(await myPreferences(c.get('db'), c.get('memberId'), nowDate(c.env))),
);

profileDetailRoutes.put('/api/on/mypage/matching-preferences', requireMember, async (c) => {
  const body = parseWith(matchingPreferencesBody, await jsonBody(c));
  return c.json<MatchingPreferences>(await saveMyPreferences(c.get('db'), c.get('memberId'), body, nowDate(c.env)));
});

profileDetailRoutes.get('/api/on/hearts/received', requireMember, async (c) => {
  const q = parseWith(receivedHeartsQuery, c.req.query());
  return c.json<ReceivedHeartsPage>(await receivedHearts(c.get('db'), c.get('memberId'), q, nowDate(c.env)));
});

profileDetailRoutes.get('/api/on/hearts/received/unseen-count', requireMember, async (c) =>
  c.json<UnseenCount>(await unseenHearts(c.get('db'), c.get('memberId'), nowDate(c.env))),
);

profileDetailRoutes.post('/api/on/hearts/received/seen', requireMember, async (c) =>
  c.json<UnseenCount>(await markHeartsSeen(c.get('db'), c.get('memberId'), nowDate(c.env))),
);

profileDetailRoutes.post('/admin/users/:id/profile-details/hide', requireAdmin, async (c) => {
  const id = idParam(c, 'id', () => new NotFound(ADMIN_CONSOLE_MESSAGES.memberNotFound, 'MEMBER_NOT_FOUND'));
  const body = parseWith(adminHideDetailBody, await jsonBody(c));
  noStore(c);
  const details = await hideDetail(c.get('db'), id, body);
  await auditConsoleAction(c, {
    action: 'HIDE_TEXT',
    memberId: id,
    subjectType: body.field,
    subjectId: body.questionId ?? null,
    reason: body.reason,
  });
  return c.json<MyProfileDetails>(details);
});

profileDetailRoutes.post('/admin/users/:id/profile-details/unhide', requireAdmin, async (c) => {
  const id = idParam(c, 'id', () => new NotFound(ADMIN_CONSOLE_MESSAGES.memberNotFound, 'MEMBER_NOT_FOUND'));
  const body = parseWith(adminUnhideDetailBody, await jsonBody(c));
  noStore(c);
  const details = await unhideDetail(c.get('db'), id, body);
  await auditConsoleAction(c, {
    action: 'UNHIDE_TEXT',
    memberId: id,
    subjectType: body.field,
    subjectId: body.questionId ?? null,
  });
  return c.json<MyProfileDetails>(details);
});

// ---- The 목소리 소개 (docs/voice.md "A voice on the profile") ----

/** Mine, or JSON null when I have not recorded one. */
profileDetailRoutes.get('/api/on/mypage/voice', requireMember, async (c) => {
  noStore(c);
  return c.json<MyProfileVoice | null>(await myVoice(requestContext(c), c.get('memberId')));
});

/** Multipart `audio`, `durationMs`, `waveform?`, `promptId`: records or replaces it. */
profileDetailRoutes.put('/api/on/mypage/voice', requireMember, async (c) => {
  const form = await readVoiceForm(c.req.raw, ['promptId']);
  const input = {
    audio: form.audio,
    durationMs: form.durationMs,
    waveform: form.waveform,
    promptId: form.fields.promptId,
  };
  return c.json<MyProfileVoice>(await saveMyVoice(requestContext(c), c.get('memberId'), input));
});

profileDetailRoutes.delete('/api/on/mypage/voice', requireMember, async (c) => {
  await deleteMyVoice(requestContext(c), c.get('memberId'));
  return c.body(null, 204);
});

/** The recording through its signed link (no bearer: an <audio> cannot send one). */
profileDetailRoutes.get(`${VOICE_MEDIA_PATH}*`, async (c) => {
  const key = c.req.path.slice(VOICE_MEDIA_PATH.length);
  const ctx = requestContext(c);
  const found = await voiceObjectFor(
    ctx,
    key,
    linkOf((name) => c.req.query(name)),
  );
  const answer = found ? await mediaResponse(c.env.MEDIA, key, c.req.raw, found.left, () => true) : null;
  if (!answer) throw voiceNotFound();
  return answer;
});
