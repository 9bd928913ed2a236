// The profile's 목소리 소개 (docs/voice.md "A voice on the profile"): record, replace, delete; the
// profile modal carries it only for members who may see the profile and while no admin hides it;
// private R2 with short-lived links; admin hide/unhide (audited) and playback; export; deletion.
import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { MyProfileDetails } from '../../src/contract/profile-details';
import type { ModalProfile } from '../../src/contract/profiles';
import type { AdminUserDetail } from '../../src/contract/admin';
import type { MyProfileVoice } from '../../src/contract/voice';
import { ORIGIN, block, callAs, seedCandidate, seedMember, tokenFor } from '../helpers/matching';
import { call, consoleAdmin } from '../admin/console-helpers';
import { FIXTURE_SECRET, PNG_BYTES, flatWaveform, mp4, ogg, webm } from '../helpers/audio-fixtures';

const PATH = '/api/on/mypage/voice';

async function putVoice(
  memberId: number,
  f: { bytes: Uint8Array; type?: string; durationMs: number; promptId?: string; waveform?: string },
) {
  const form = new FormData();
  form.set('audio', new File([f.bytes.slice().buffer], 'intro.webm', { type: f.type ?? 'audio/webm' }));
  form.set('durationMs', String(f.durationMs));
  if (f.promptId !== undefined) form.set('promptId', f.promptId);
  if (f.waveform !== undefined) form.set('waveform', f.waveform);
  return SELF.fetch(`${ORIGIN}${PATH}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${await tokenFor(memberId)}` },
    body: form,
  });
}

const mine = async (memberId: number) => (await callAs(memberId, PATH)).json<MyProfileVoice | null>();
const modal = (viewer: number, target: number) => callAs(viewer, `/api/on/profile/modal/${target}`);
const voiceOnModal = async (viewer: number, target: number) =>
  (await (await modal(viewer, target)).json<ModalProfile>()).voice;
const fetchLink = (url: string) => SELF.fetch(new URL(url, ORIGIN));
const keyOf = (url: string) => new URL(url, ORIGIN).pathname.slice('/api/voice-media/'.length);
const voiceObjects = async (memberId: number) =>
  (await env.MEDIA.list({ prefix: `voice/${memberId}/` })).objects.map((o) => o.key);

describe('the 목소리 소개', () => {
  it('is recorded, heard by others through a private link, replaced and deleted', async () => {
    const me = await seedCandidate();
    const viewer = await seedMember();
    expect(await mine(me)).toBeNull();
    expect(await voiceOnModal(viewer, me)).toBeNull();

    const bars = flatWaveform(20);
    const res = await putVoice(me, {
      bytes: webm(12_000),
      durationMs: 12_300,
      promptId: 'into_lately',
      waveform: bars.join(','),
    });
    expect(res.status).toBe(200);
    const saved = await res.json<MyProfileVoice>();
    expect(saved).toMatchObject({ durationMs: 12_000, waveform: bars, promptId: 'into_lately', hiddenReason: null });
    expect(saved.prompt.length).toBeGreaterThan(0);
    const firstKey = keyOf(saved.audioUrl);
    expect(firstKey).toMatch(new RegExp(`^voice/${me}/[A-Za-z0-9_-]+\\.webm$`));
    expect((await SELF.fetch(`${ORIGIN}/media/${firstKey}`)).status).toBe(404);

    const heard = await voiceOnModal(viewer, me);
    expect(heard).toMatchObject({ durationMs: 12_000, waveform: bars, promptId: 'into_lately', prompt: saved.prompt });
    expect(heard).not.toHaveProperty('hiddenReason');
    const audio = await fetchLink(heard!.audioUrl);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('Content-Type')).toBe('audio/webm');
    expect(new TextDecoder('latin1').decode(await audio.arrayBuffer())).not.toContain(FIXTURE_SECRET);
    // A forged or moved link does not open it.
    expect((await fetchLink(`/api/voice-media/${firstKey}`)).status).toBe(404);
    const url = new URL(heard!.audioUrl, ORIGIN);
    expect((await fetchLink(`/api/chat-media/${firstKey}${url.search}`)).status).toBe(404);

    // Re-recorded (Ogg, another prompt): the old object goes, its link stops.
    const again = await (
      await putVoice(me, { bytes: ogg(25_000), type: 'audio/ogg', durationMs: 25_000, promptId: 'life_motto' })
    ).json<MyProfileVoice>();
    expect(again).toMatchObject({ promptId: 'life_motto', waveform: flatWaveform(50) });
    expect(await voiceObjects(me)).toEqual([keyOf(again.audioUrl)]);
    expect((await fetchLink(heard!.audioUrl)).status).toBe(404);

    const del = await callAs(me, PATH, { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect(await mine(me)).toBeNull();
    expect(await voiceObjects(me)).toEqual([]);
    expect((await fetchLink(again.audioUrl)).status).toBe(404);
    expect((await callAs(me, PATH, { method: 'DELETE' })).status).toBe(204);
  });

  it('refuses non-audio, over 30 seconds, a lying duration and an unknown prompt', async () => {
    const me = await seedMember();
    const code = async (r: Response) => [r.status, (await r.json<{ code: string }>()).code];
    expect(await code(await putVoice(me, { bytes: PNG_BYTES, durationMs: 3_000, promptId: 'into_lately' }))).toEqual([
      400,
      'AUDIO_INVALID',
    ]);
    expect(
      await code(await putVoice(me, { bytes: webm(31_500), durationMs: 31_500, promptId: 'into_lately' })),
    ).toEqual([400, 'AUDIO_INVALID']);
    expect(
      await code(
        await putVoice(me, { bytes: mp4(5_000), type: 'audio/mp4', durationMs: 9_000, promptId: 'into_lately' }),
      ),
    ).toEqual([400, 'AUDIO_INVALID']);
    expect(await code(await putVoice(me, { bytes: webm(5_000), durationMs: 5_000, promptId: 'nope' }))).toEqual([
      400,
      'INVALID_INPUT',
    ]);
    expect(await code(await putVoice(me, { bytes: webm(5_000), durationMs: 5_000 }))).toEqual([400, 'INVALID_INPUT']);
    expect(await mine(me)).toBeNull();
    expect(await voiceObjects(me)).toEqual([]);
  });

  it('is never given to a blocked member; an admin hides it (audited) and can still play it', async () => {
    const me = await seedCandidate();
    const viewer = await seedMember();
    const blocked = await seedMember();
    const saved = await (
      await putVoice(me, { bytes: webm(8_000), durationMs: 8_000, promptId: 'into_lately' })
    ).json<MyProfileVoice>();
    await block(me, blocked);
    expect((await modal(blocked, me)).status).toBe(404);

    const admin = await consoleAdmin('목소리 검토');
    const hide = await call(`/admin/users/${me}/profile-details/hide`, {
      method: 'POST',
      body: { field: 'voice', reason: '연락처를 말해요' },
      cookie: admin.cookie,
    });
    expect(hide.status).toBe(200);
    expect((await hide.json<MyProfileDetails>()).hidden).toContainEqual({
      field: 'voice',
      questionId: null,
      reason: '연락처를 말해요',
    });
    const audit = await env.DB.prepare(
      `SELECT action, subject_type AS subjectType FROM audit_log WHERE member_id = ? ORDER BY id DESC LIMIT 1`,
    )
      .bind(me)
      .first<{ action: string; subjectType: string }>();
    expect(audit).toEqual({ action: 'HIDE_TEXT', subjectType: 'voice' });

    // Others: gone from the modal, and links already handed out stop.
    expect(await voiceOnModal(viewer, me)).toBeNull();
    const memberLink = saved.audioUrl.replace('&scope=owner', '');
    expect((await fetchLink(memberLink)).status).toBe(404);
    // The member sees why and still hears it; re-recording stays hidden.
    const own = await mine(me);
    expect(own).toMatchObject({ hiddenReason: '연락처를 말해요' });
    expect((await fetchLink(own!.audioUrl)).status).toBe(200);
    await putVoice(me, { bytes: webm(6_000), durationMs: 6_000, promptId: 'into_lately' });
    expect(await voiceOnModal(viewer, me)).toBeNull();
    // The admin's member view plays it.
    const detail = await (await call(`/admin/api/users/${me}`, { cookie: admin.cookie })).json<AdminUserDetail>();
    expect(detail.voiceIntro).toMatchObject({ hiddenReason: '연락처를 말해요', durationMs: 6_000 });
    expect((await fetchLink(detail.voiceIntro!.audioUrl)).status).toBe(200);

    const unhide = await call(`/admin/users/${me}/profile-details/unhide`, {
      method: 'POST',
      body: { field: 'voice' },
      cookie: admin.cookie,
    });
    expect(unhide.status).toBe(200);
    expect(await voiceOnModal(viewer, me)).toMatchObject({ durationMs: 6_000 });
    expect(
      (
        await call(`/admin/users/${me}/profile-details/unhide`, {
          method: 'POST',
          body: { field: 'voice' },
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(404);
  });

  it('is in my data export and goes with the account', async () => {
    const me = await seedMember();
    await putVoice(me, { bytes: webm(4_000), durationMs: 4_000, promptId: 'life_motto' });
    const exported = await (await callAs(me, '/api/on/mypage/export')).json<{ voiceIntro: MyProfileVoice | null }>();
    expect(exported.voiceIntro).toMatchObject({ durationMs: 4_000, promptId: 'life_motto' });
    expect((await fetchLink(exported.voiceIntro!.audioUrl)).status).toBe(200);
    expect(await voiceObjects(me)).toHaveLength(1);

    const del = await callAs(me, '/api/on/mypage/account', { method: 'DELETE', body: { confirm: '탈퇴할게요' } });
    expect(del.status).toBeLessThan(300);
    const n = await env.DB.prepare('SELECT COUNT(*) AS n FROM member_voice_intros WHERE member_id = ?')
      .bind(me)
      .first('n');
    expect(n).toBe(0);
    expect(await voiceObjects(me)).toEqual([]);
  });
});
