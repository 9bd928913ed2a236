// A stand-in for XMLHttpRequest (jsdom's would try the network): records requests, answers from a handler.
import { vi } from 'vitest';

export interface FakeReply {
  status: number;
  body: string;
  contentType?: string;
}

export class FakeXhr {
  static sent: FakeXhr[] = [];
  static reply: (xhr: FakeXhr) => FakeReply = () => ({ status: 200, body: '1', contentType: 'application/json' });

  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  withCredentials = false;
  method = '';
  url = '';
  body: FormData | null = null;
  requestHeaders: Record<string, string> = {};
  status = 0;
  responseText = '';
  private contentType = '';

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.requestHeaders[name] = value;
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? this.contentType : null;
  }
  abort() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      const r = FakeXhr.reply(this);
      this.status = r.status;
      this.responseText = r.body;
      this.contentType = r.contentType ?? 'application/json';
      this.onload?.();
    }, 0);
  }
}

export function installFakeXhr(reply?: (xhr: FakeXhr) => FakeReply) {
  FakeXhr.sent = [];
  if (reply) FakeXhr.reply = reply;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr;
}
