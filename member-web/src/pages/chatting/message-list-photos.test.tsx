// Photo bubbles while sending: the local picture with an upload progress bar, then a failure with
// 다시 보내기 / 지우기; a stored photo reserves its box before it loads. A voice note while sending
// plays the local recording, with the quote of the message it answers.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MessageList } from './message-list';
import type { PhotoUpload, VoiceUpload } from './use-upload-outbox';

const base = {
  label: '이바다님과의 대화',
  opponentId: 2,
  outbox: [],
  offline: false,
  hasOlder: false,
  loadingOlder: false,
  onLoadOlder: () => undefined,
  onRetry: () => undefined,
  onDiscard: () => undefined,
  emptyHint: '',
  opponentName: '이바다',
};

describe('MessageList photo bubbles', () => {
  it('an upload shows the picture and its progress; a failure offers 다시 보내기 and 지우기', () => {
    const onRetryPhoto = vi.fn();
    const onDiscardPhoto = vi.fn();
    const photos: PhotoUpload[] = [
      { clientMsgId: 'p1', localUrl: 'blob:one', progress: 0.42, status: 'uploading' },
      { clientMsgId: 'p2', localUrl: 'blob:two', progress: 0.3, status: 'failed' },
    ];
    render(
      <MessageList
        {...base}
        messages={[]}
        photos={photos}
        onRetryPhoto={onRetryPhoto}
        onDiscardPhoto={onDiscardPhoto}
      />,
    );
    const bar = screen.getByRole('progressbar', { name: '사진 올리는 중 42%' });
    expect(bar).toHaveAttribute('value', '42');
    const [uploading, failed] = screen.getAllByRole('img', { name: '내가 보낸 사진' });
    expect(uploading).toHaveAttribute('src', 'blob:one');
    expect(failed).toHaveAttribute('src', 'blob:two');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('사진을 보내지 못했어요');
    expect(screen.getAllByRole('progressbar')).toHaveLength(1);
    fireEvent.click(within(alert).getByRole('button', { name: '다시 보내기' }));
    expect(onRetryPhoto).toHaveBeenCalledWith('p2');
    fireEvent.click(within(alert).getByRole('button', { name: '지우기' }));
    expect(onDiscardPhoto).toHaveBeenCalledWith('p2');
  });

  it('a stored photo is a button named for who sent it, in a box reserved before it loads', () => {
    const onOpenPhoto = vi.fn();
    render(
      <MessageList
        {...base}
        messages={[
          { id: 1, senderId: 2, content: '', sentAt: '2026-11-22T06:00:00Z', imageUrl: '/api/chat-media/a.jpg?sig=x' },
        ]}
        onOpenPhoto={onOpenPhoto}
      />,
    );
    const button = screen.getByRole('button', { name: '이바다님이 보낸 사진, 사진 크게 보기' });
    expect(button).toHaveClass('bubble-photo', 'bubble-photo--loading');
    const img = button.querySelector('img') as HTMLImageElement;
    fireEvent.load(img);
    expect(button).not.toHaveClass('bubble-photo--loading');
    fireEvent.click(button);
    expect(onOpenPhoto).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), button);
  });

  it('a voice note on its way up (or failed) plays the local recording under its reply quote', () => {
    const onDiscardVoice = vi.fn();
    const voices: VoiceUpload[] = [
      {
        clientMsgId: 'v1',
        localUrl: 'blob:voice',
        durationMs: 3_000,
        waveform: [10, 60, 30],
        progress: 0.5,
        status: 'failed',
        replyTo: { id: 7, senderId: 2, preview: '주말에 뭐 해요?' },
      },
    ];
    const { container } = render(
      <MessageList {...base} messages={[]} voices={voices} onDiscardVoice={onDiscardVoice} />,
    );
    const player = screen.getByRole('group', { name: '보내는 중인 내 음성 메시지' });
    expect(screen.getByRole('button', { name: '보내는 중인 내 음성 메시지 재생' })).toBeEnabled();
    expect(container.querySelector('audio')).toHaveAttribute('src', 'blob:voice');
    const stack = player.parentElement as HTMLElement;
    expect(stack).toHaveTextContent('이바다님에게 답장');
    expect(stack).toHaveTextContent('주말에 뭐 해요?');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('음성 메시지를 보내지 못했어요');
    fireEvent.click(within(alert).getByRole('button', { name: '지우기' }));
    expect(onDiscardVoice).toHaveBeenCalledWith('v1');
  });
});
