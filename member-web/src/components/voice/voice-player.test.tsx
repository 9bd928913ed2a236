// The player: play/pause drive the <audio>, the waveform is a slider the arrow keys, PageUp/PageDown,
// Home and End move (elapsed / total follow), and the speed goes 1× → 1.5× → 2× → 1×.
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { nextRate, seekByKey, VoicePlayer } from './voice-player';

function setup() {
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockReturnValue(true);
  const user = userEvent.setup();
  const { container } = render(
    <VoicePlayer src="blob:test/voice" durationMs={12_000} waveform={new Array(48).fill(40)} label="내 음성 메시지" />,
  );
  const audio = container.querySelector('audio');
  if (!audio) throw new Error('no audio');
  return { user, play, audio };
}

describe('VoicePlayer', () => {
  it('plays, and shows the pause button while playing', async () => {
    const { user, play } = setup();
    await user.click(screen.getByRole('button', { name: '내 음성 메시지 재생' }));
    expect(play).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: '내 음성 메시지 일시정지' })).toBeInTheDocument();
  });

  it('seeks with the keyboard and shows elapsed / total', async () => {
    const { user, audio } = setup();
    const slider = screen.getByRole('slider', { name: '내 음성 메시지 재생 위치' });
    expect(screen.getByTestId('voice-time')).toHaveTextContent('0:00 / 0:12');
    slider.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '3');
    expect(slider).toHaveAttribute('aria-valuetext', '3초 / 12초');
    expect(audio.currentTime).toBe(3);
    expect(screen.getByTestId('voice-time')).toHaveTextContent('0:03 / 0:12');
    await user.keyboard('{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuenow', '2');
    await user.keyboard('{End}');
    expect(slider).toHaveAttribute('aria-valuenow', '12');
    await user.keyboard('{Home}');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    await user.keyboard('{PageUp}');
    expect(slider).toHaveAttribute('aria-valuenow', '5');
  });

  it('follows the audio as it plays', () => {
    const { audio } = setup();
    Object.defineProperty(audio, 'currentTime', { value: 7.4, configurable: true });
    fireEvent.timeUpdate(audio);
    expect(screen.getByTestId('voice-time')).toHaveTextContent('0:07 / 0:12');
  });

  it('cycles the speed 1× → 1.5× → 2× → 1× and sets it on the audio', async () => {
    const { user, audio } = setup();
    await user.click(screen.getByRole('button', { name: '재생 속도 1×' }));
    expect(audio.playbackRate).toBe(1.5);
    await user.click(screen.getByRole('button', { name: '재생 속도 1.5×' }));
    expect(audio.playbackRate).toBe(2);
    await user.click(screen.getByRole('button', { name: '재생 속도 2×' }));
    expect(audio.playbackRate).toBe(1);
  });
});

describe('player helpers', () => {
  it('seekByKey clamps and ignores other keys', () => {
    expect(seekByKey('ArrowLeft', 500, 10_000)).toBe(0);
    expect(seekByKey('PageUp', 8_000, 10_000)).toBe(10_000);
    expect(seekByKey('a', 1_000, 10_000)).toBeNull();
    expect([nextRate(1), nextRate(1.5), nextRate(2)]).toEqual([1.5, 2, 1]);
  });
});
