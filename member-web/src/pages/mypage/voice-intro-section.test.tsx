// 목소리 소개 on my page: a saved voice plays with its prompt and, while hidden, the admin's reason;
// 삭제하기 asks first; a new recording answers the chosen prompt card and is saved by PUT (multipart).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyProfileVoice } from '@contract/voice';
import { FakeRecorder, fakeMic } from '../../test/fake-media';
import { installFakeXhr } from '../../test/fake-xhr';
import { renderPage } from '../../test/render';
import { stubFetch } from './fetch-stub';
import { VoiceIntroSection } from './voice-intro-section';

const saved: MyProfileVoice = {
  audioUrl: '/api/voice-intro/a.webm?sig=1',
  durationMs: 12_000,
  waveform: new Array<number>(48).fill(30),
  promptId: 'perfect_weekend',
  prompt: '나의 완벽한 주말은',
  hiddenReason: '연락처가 들어 있어요',
  updatedAt: '2026-11-26T10:00:00.000Z',
};

describe('my page: 목소리 소개', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  it('plays the saved voice with its prompt and the hidden reason; 삭제하기 asks, then deletes', async () => {
    const { callsTo } = stubFetch({
      'GET /api/on/mypage/voice': saved,
      'DELETE /api/on/mypage/voice': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderPage('/mypage', <VoiceIntroSection />);
    expect(await screen.findByRole('group', { name: '내 목소리 소개' })).toBeInTheDocument();
    expect(screen.getByText('나의 완벽한 주말은')).toBeInTheDocument();
    expect(screen.getByText(/연락처가 들어 있어요/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '삭제하기' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('목소리 소개를 삭제할까요?');
    expect(callsTo('DELETE /api/on/mypage/voice')).toHaveLength(0);
    await user.click(screen.getAllByRole('button', { name: '삭제하기' }).at(-1) as HTMLElement);
    await waitFor(() => expect(callsTo('DELETE /api/on/mypage/voice')).toHaveLength(1));
    expect(await screen.findByText('아직 목소리 소개가 없어요.')).toBeInTheDocument();
  });

  it('records an answer to the chosen prompt card and saves it', async () => {
    stubFetch({ 'GET /api/on/mypage/voice': () => new Response(null, { status: 204 }) });
    let now = 5_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia: fakeMic().getUserMedia },
      configurable: true,
    });
    const xhr = installFakeXhr(() => ({
      status: 200,
      body: JSON.stringify({
        ...saved,
        hiddenReason: null,
        promptId: 'happy_moment',
        prompt: '요즘 가장 행복했던 순간',
      }),
    }));
    const user = userEvent.setup();
    renderPage('/mypage', <VoiceIntroSection />);
    await user.selectOptions(await screen.findByLabelText('답할 질문 카드'), 'happy_moment');
    await user.click(screen.getByRole('button', { name: /녹음하기/ }));
    await screen.findByRole('timer');
    now += 8_000;
    await user.click(screen.getByRole('button', { name: '녹음 끝내기' }));
    await user.click(await screen.findByRole('button', { name: '저장하기' }));
    expect(await screen.findByText('목소리 소개를 저장했어요.')).toBeInTheDocument();
    const sent = xhr.sent[0];
    expect(sent?.method).toBe('PUT');
    expect(sent?.url).toBe('/api/on/mypage/voice');
    expect(sent?.body?.get('promptId')).toBe('happy_moment');
    expect(sent?.body?.get('durationMs')).toBe('8000');
    expect(JSON.parse(String(sent?.body?.get('waveform')))).toHaveLength(48);
    expect(sent?.body?.get('audio')).toBeInstanceOf(Blob);
    expect(await screen.findByRole('group', { name: '내 목소리 소개' })).toBeInTheDocument();
  });
});
