// The first data request of the page being opened starts with the entry script, while the page's
// chunks are still loading (no waterfall); the page's own request then takes the answer. Only GETs
// the page makes first anyway, for the token it would send, and only for a few seconds.
import { hasShellData } from './shell-data';
import { accessTokenStore } from '../lib/storage';
import { d1Bookmark } from '../lib/d1-bookmark';
import { DECK_PAGE_HEADER, RESUME_PAGE } from '@contract/matching-core';

type Buffered = { status: number; statusText: string; headers: Headers; body: ArrayBuffer };
type Early = { token: string | null; at: number; answer: Promise<Buffered | null> };

/** How long an unclaimed early answer may be handed out. */
const FRESH_MS = 10_000;
const MEMBER_PREFIX = '/api/on/';
const NULL_BODY = [204, 205, 304];

const pending = new Map<string, Early>();

/**
 * Early answers that name the path they answer for: the deck at the resume page
 * (`recommend?page=resume`) is page N's answer, N named in its DECK_PAGE_HEADER. The page asks for
 * `recommend?page=N` (the status's resumePage) and takes it once, whatever N turned out to be: the
 * answer when it names that path, else null, and the page's request goes out after all.
 */
type Named = { pattern: RegExp; pathOf: (b: Buffered) => string | undefined };
/** By the path the request was sent for (its answer waits in `pending` under it). */
const named = new Map<string, Named>();
const DECK_PATH = '/api/on/matching/recommend';
const RESUME_DECK = `${DECK_PATH}?page=${RESUME_PAGE}`;
const deckPageOf = (b: Buffered): string | undefined => {
  const page = b.status === 200 ? b.headers.get(DECK_PAGE_HEADER) : null;
  return page !== null && /^\d+$/.test(page) ? `${DECK_PATH}?page=${page}` : undefined;
};

/** Requests src/first-paint/first-paint.js already sent from a prerendered shell, before the entry loaded. */
type Handoff = Record<string, Early | undefined>;

function start(path: string): Early {
  const handoff = (window as { __ongiEarly?: Handoff }).__ongiEarly;
  const handed = handoff?.[path];
  if (handoff && handed) {
    delete handoff[path];
    pending.set(path, handed);
    return handed;
  }
  const token = path.startsWith(MEMBER_PREFIX) ? accessTokenStore.get() : null;
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  d1Bookmark.send(headers);
  const answer = fetch(path, { headers, credentials: 'include' })
    .then(async (r) => ({
      status: r.status,
      statusText: r.statusText,
      headers: r.headers,
      body: await r.arrayBuffer(),
    }))
    .catch(() => null); // the page's own request will try again and report the failure
  const early = { token, at: Date.now(), answer };
  pending.set(path, early);
  return early;
}

function preloadImage(href: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  document.head.append(link);
}

async function json(early: Early): Promise<unknown> {
  const b = await early.answer;
  if (!b || b.status !== 200) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(b.body)) as unknown;
  } catch {
    return undefined;
  }
}

/** Each page's first requests: pattern → paths (and what follows from the first answer). */
const PAGES: { pattern: RegExp; member: boolean; run: () => void }[] = [
  // Not when the shell already carries the list (first-paint/shell-data.ts).
  { pattern: /^\/notices\/?$/, member: false, run: () => void (hasShellData('/notices') || start('/notices')) },
  {
    pattern: /^\/main\/?$/,
    member: true,
    run: () => {
      start('/api/on/matching/popular');
      start('/api/on/ping');
    },
  },
  {
    pattern: /^\/random\/matching\/?$/,
    member: true,
    run: () => {
      start('/api/on/matching/status');
      // The deck at the page the status names, asked for alongside it (not after it): one call
      // fewer before the first card. The page takes it as `recommend?page=<resumePage>`.
      const deck = start(RESUME_DECK);
      named.set(RESUME_DECK, { pattern: /^\/api\/on\/matching\/recommend\?page=\d+$/, pathOf: deckPageOf });
      // The first card's photo is the page's largest paint: fetch it with the list.
      void json(deck).then((list) => {
        const first = Array.isArray(list) ? (list[0] as { mainImageUrl?: unknown } | undefined) : undefined;
        if (typeof first?.mainImageUrl === 'string') preloadImage(first.mainImageUrl);
      });
    },
  },
];

/** Called once by the entry script with the address being opened. */
export function startEarlyRequests(pathname: string): void {
  const page = PAGES.find((p) => p.pattern.test(pathname));
  if (!page || (page.member && !accessTokenStore.get())) return;
  page.run();
}

/** An early answer that may name `path` (Named): once; its answer only when it does, else null. */
function takeNamed(path: string): Early | undefined {
  for (const [sent, { pattern, pathOf }] of named) {
    const early = pending.get(sent);
    if (!early || !pattern.test(path)) continue;
    named.delete(sent);
    pending.delete(sent);
    return { ...early, answer: early.answer.then((b) => (b && pathOf(b) === path ? b : null)) };
  }
  return undefined;
}

/** The early answer for a GET of `path` sent with `token`, once; undefined when there is none. */
export function takeEarlyResponse(path: string, token: string | null): Promise<Response | null> | undefined {
  const early = pending.get(path) ?? takeNamed(path);
  if (!early) return undefined;
  pending.delete(path);
  if (early.token !== token || Date.now() - early.at > FRESH_MS) return undefined;
  return early.answer.then((b) => (b ? new Response(NULL_BODY.includes(b.status) ? null : b.body, b) : null));
}
