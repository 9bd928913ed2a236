// A scripted microphone for recorder tests: getUserMedia that grants (or refuses) a stream whose
// tracks record stop(), and a MediaRecorder that hands one chunk over on stop().
import { vi } from 'vitest';

export class FakeRecorder {
  static supported = new Set(['audio/webm;codecs=opus', 'audio/mp4']);
  static last: FakeRecorder | null = null;
  static isTypeSupported = (t: string) => FakeRecorder.supported.has(t);
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    public stream: MediaStream,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? '';
    FakeRecorder.last = this;
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob([new Uint8Array(2_000)], { type: this.mimeType }) });
    queueMicrotask(() => this.onstop?.());
  }
}

export function fakeStream() {
  const track = { stop: vi.fn() };
  return { stream: { getTracks: () => [track] } as unknown as MediaStream, track };
}

/** A granted microphone; `refuse` names the DOMException getUserMedia rejects with instead. */
export function fakeMic(refuse?: string) {
  const { stream, track } = fakeStream();
  const getUserMedia = vi.fn(() => (refuse ? Promise.reject(new DOMException('no', refuse)) : Promise.resolve(stream)));
  return { getUserMedia, track, stream };
}
