// The notices page's shell comes with the list (worker/src/areas/notices/shell.ts, lib/spa.ts): the
// build's template filled with the same notices GET /notices answers, escaped, and the same list in
// a data block the app starts from (so the page paints with the document and asks for nothing).
import { SELF, createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Notice, NoticeListItem } from '../../src/contract';
import { coversAny, parseUnicodeRange, type PretendardFacesTable } from '../../src/contract/pretendard-faces';
import { makeDb } from '../../src/lib/db';
import type { AppEnv } from '../../src/lib/env';
import { SHELL_DATA_ID, serveShell } from '../../src/lib/spa';
import { adminSession, call } from '../helpers/mypage';

const nav = { 'Sec-Fetch-Mode': 'navigate', Accept: 'text/html' };
const shell = async (path: string) => (await SELF.fetch(`http://localhost${path}`, { headers: nav })).text();
const DATA_PRELOAD = '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/notices">';

const rootOf = (html: string) =>
  /<div id="root" data-prerendered="\/notices" data-prerendered-for="visitor">([\s\S]*?)<\/div>\s*<\/body>/.exec(
    html,
  )?.[1];

function dataBlockOf(html: string): string | undefined {
  return new RegExp(`<script type="application/json" id="${SHELL_DATA_ID}">([\\s\\S]*?)</script>`).exec(html)?.[1];
}

async function createNotice(title: string): Promise<Notice> {
  const admin = await adminSession();
  const res = await call('/notices/create', { method: 'POST', admin, json: { title, content: '내용이에요.' } });
  if (res.status !== 200) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return res.json<Notice>();
}

describe('GET /notices as a page: the list comes with the shell', () => {
  it('fills the list with the live notices, escaped, in the order and with the Korean dates the app shows', async () => {
    const hostile = await createNotice('</script><script>alert(1)</script> & "점검" 안내');
    await env.DB.prepare('UPDATE notices SET created_at = ? WHERE id = ?')
      .bind('2026-11-22T06:04:00.000Z', hostile.id)
      .run();
    const removed = await createNotice(`지운 공지 ${crypto.randomUUID().slice(0, 8)}`);
    await env.DB.prepare('UPDATE notices SET deleted_at = ? WHERE id = ?')
      .bind('2026-11-23T00:00:00.000Z', removed.id)
      .run();

    const html = await shell('/notices');
    const root = rootOf(html) ?? '';
    const api = await (await call('/notices')).json<NoticeListItem[]>();
    const hrefs = [...root.matchAll(/<a href="\/notices\/(\d+)"/g)].map((m) => Number(m[1]));
    expect(hrefs).toEqual(api.map((n) => n.id));
    expect(hrefs).not.toContain(removed.id);
    expect(root).toContain(
      `<a href="/notices/${hostile.id}" data-discover="true">&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;점검&quot; 안내</a>`,
    );
    expect(root).toContain('2026년 11월 22일 오후 3:04</time>');
    expect(root).toContain('<h1 class="page-title">공지사항</h1>');

    // The app's copy: exactly the API's list, and nothing in it can end the script element.
    const block = dataBlockOf(html) ?? '';
    expect(block).not.toContain('<');
    expect(JSON.parse(block)).toEqual({ '/notices': api });
    // It asks for nothing more: no early request for the list.
    expect(html).not.toContain(DATA_PRELOAD);
    expect(html).toMatch(/<script src="\/assets\/first-paint-[\w-]{8}\.js"><\/script><\/head>/);
  });

  it('declares the Pretendard subsets its live titles need, and only those; no first paint waits for the rest', async () => {
    // 뷁 (U+BDC1) is in no text of the app, so not in the interface font: a Pretendard subset draws it.
    await createNotice('뷁 점검 안내');
    const html = await shell('/notices');
    const table = await (await SELF.fetch('http://localhost/pretendard-faces.json')).json<PretendardFacesTable>();
    expect(table.faces.length).toBeGreaterThan(80);
    const style = /<style data-faces="pretendard">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const declared = [...style.matchAll(/src:url\(([^)]+)\)[^}]*unicode-range:([^}]+)\}/g)].map((m) => ({
      href: m[1],
      intervals: parseUnicodeRange(m[2] ?? ''),
    }));
    expect(declared.some((f) => coversAny(f.intervals, [0xbdc1]))).toBe(true);
    // Each one draws a character of the list the interface font lacks, and is a built subset.
    const beyond = [...(rootOf(html) ?? '')]
      .filter((ch) => ch > '~' && !table.interfaceChars.includes(ch))
      .map((ch) => ch.codePointAt(0) as number);
    for (const f of declared) {
      expect(coversAny(f.intervals, beyond), f.href).toBe(true);
      expect(table.faces.map((t) => t.href)).toContain(f.href);
    }
    expect(declared.length).toBeLessThan(table.faces.length / 4);
    // A first screen without live text declares none, and the style sheets every page links declare none.
    const landing = await shell('/');
    expect(landing).not.toContain('data-faces="pretendard"');
    for (const [, href] of landing.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)) {
      const css = await (await SELF.fetch(`http://localhost${href}`)).text();
      expect(css, href).not.toMatch(/@font-face\{[^}]*Pretendard/);
    }
  });

  it('is only for /notices itself: a notice, the API answer and other pages carry no list', async () => {
    for (const path of ['/notices/1', '/', '/main', '/feedback']) {
      expect(dataBlockOf(await shell(path)), path).toBeUndefined();
    }
    const json = await SELF.fetch('http://localhost/notices', { headers: { Accept: 'application/json' } });
    expect(json.headers.get('Content-Type') ?? '').toContain('application/json');
  });

  it('falls back to the page as it loads, with the early request, when the list cannot be read', async () => {
    const app = new Hono<AppEnv>();
    app.get('*', async (c) => {
      c.set('db', makeDb(c.env.DB));
      return serveShell(c, 'member', {
        '/notices': () => Promise.reject(new Error('D1_ERROR: database is unavailable')),
      });
    });
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request('http://localhost/notices', { headers: nav }), env, ctx);
    await waitOnExecutionContext(ctx);
    const html = await res.text();
    expect(res.status).toBe(200);
    const root = rootOf(html) ?? '';
    expect(root).toContain('<h1 class="page-title">공지사항</h1>');
    expect(root).toContain('role="status"');
    expect(root).not.toContain('notice-list');
    expect(dataBlockOf(html)).toBeUndefined();
    expect(html).toContain(DATA_PRELOAD);
  });
});
