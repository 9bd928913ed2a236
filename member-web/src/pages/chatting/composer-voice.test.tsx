// The composer's 🎤 (docs/voice.md "In the app"): only with an empty box; a click records, 녹음
// 끝내기 shows the preview, 보내기 hands the recording over and gives the row back; a finger held on
// it sends on release, or cancels when it slid away ('밀어서 취소'); a refused microphone says why.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FakeRecorder, fakeMic } from '../../test/fake-media';
import type { Recording } from '../../components/voice/use-voice-recorder';
import { Composer } from './composer';

function setup(refuse?: string, reply?: { quote: { id: number; senderId: number; preview: string }; label: string }) {
  let now = 10_000;
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  const mic = fakeMic(refuse);
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: mic.getUserMedia }, configurable: true });
  const onVoice = vi.fn((_r: Recording) => undefined);
  const user = userEvent.setup();
  render(<Composer disabled={false} onSend={() => true} onVoice={onVoice} reply={reply ?? null} />);
  return { onVoice, user, mic, advance: (ms: number) => (now += ms) };
}

const mic = () => screen.getByRole('button', { name: '녹음 시작' });

describe('Composer voice notes', () => {
  it('shows the mic only while the box is empty', async () => {
    const { user } = setup();
    expect(mic()).toBeInTheDocument();
    await user.type(screen.getByLabelText('메시지 입력'), '안녕');
    expect(screen.queryByRole('button', { name: '녹음 시작' })).not.toBeInTheDocument();
  });

  it('click to record, preview, 보내기: the recording goes out and the box comes back', async () => {
    const { user, onVoice, advance, mic: m } = setup();
    await user.click(mic());
    expect(await screen.findByRole('timer', { name: '녹음 중 0:00' })).toBeInTheDocument();
    expect(screen.queryByLabelText('메시지 입력')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '녹음 끝내기' })).toHaveFocus();
    advance(3_500);
    await user.click(screen.getByRole('button', { name: '녹음 끝내기' }));
    const send = await screen.findByRole('button', { name: '보내기' });
    expect(screen.getByRole('button', { name: '내 음성 메시지 재생' })).toBeInTheDocument();
    expect(m.track.stop).toHaveBeenCalled();
    await user.click(send);
    expect(onVoice).toHaveBeenCalledOnce();
    expect(onVoice.mock.calls[0]?.[0].durationMs).toBe(3_500);
    expect(await screen.findByLabelText('메시지 입력')).toBeInTheDocument();
    expect(mic()).toHaveFocus();
  });

  it('취소 on the preview sends nothing', async () => {
    const { user, onVoice, advance } = setup();
    await user.click(mic());
    await screen.findByRole('timer');
    advance(2_000);
    await user.click(screen.getByRole('button', { name: '녹음 끝내기' }));
    await user.click(await screen.findByRole('button', { name: '취소' }));
    expect(onVoice).not.toHaveBeenCalled();
    expect(await screen.findByLabelText('메시지 입력')).toBeInTheDocument();
  });

  it('hold to record sends on release; sliding away cancels', async () => {
    const { onVoice, advance } = setup();
    fireEvent.pointerDown(mic(), { pointerType: 'touch', clientX: 300, pointerId: 1 });
    await screen.findByRole('timer');
    expect(screen.getByText(/밀어서 취소/)).toBeInTheDocument();
    advance(2_500);
    fireEvent.pointerUp(mic(), { pointerType: 'touch', clientX: 300, pointerId: 1 });
    await waitFor(() => expect(onVoice).toHaveBeenCalledOnce());

    fireEvent.pointerDown(mic(), { pointerType: 'touch', clientX: 300, pointerId: 2 });
    await screen.findByRole('timer');
    advance(2_500);
    fireEvent.pointerMove(mic(), { pointerType: 'touch', clientX: 150, pointerId: 2 });
    expect(screen.getByText('손을 떼면 취소돼요')).toBeInTheDocument();
    fireEvent.pointerUp(mic(), { pointerType: 'touch', clientX: 150, pointerId: 2 });
    await act(() => Promise.resolve());
    expect(await screen.findByLabelText('메시지 입력')).toBeInTheDocument();
    expect(onVoice).toHaveBeenCalledOnce();
  });

  it('a refused microphone says how to allow it', async () => {
    const { user } = setup('NotAllowedError');
    await user.click(mic());
    expect(await screen.findByRole('alert')).toHaveTextContent('마이크 권한이 꺼져 있어요');
  });

  it('while replying, the quote stays above the recorder (held or clicked): the note answers it', async () => {
    const quote = { id: 7, senderId: 2, preview: '주말에 뭐 해요?' };
    const { onVoice, advance } = setup(undefined, { quote, label: '이바다님에게 답장' });
    fireEvent.pointerDown(mic(), { pointerType: 'touch', clientX: 300, pointerId: 1 });
    await screen.findByRole('timer');
    expect(screen.getByText('이바다님에게 답장')).toBeInTheDocument();
    expect(screen.getByText('주말에 뭐 해요?')).toBeInTheDocument();
    advance(2_500);
    fireEvent.pointerUp(mic(), { pointerType: 'touch', clientX: 300, pointerId: 1 });
    await waitFor(() => expect(onVoice).toHaveBeenCalledOnce());
  });
});
