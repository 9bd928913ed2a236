import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import source from './first-paint.js?raw';

// The classic script a prerendered shell loads at the end of <head> (first-paint.js), run here as the
// browser would: before the body is parsed, with the frame callbacks, the paint observer and the
// timers in the test's hands.
const ENTRY = '/assets/index-test0000.js';

let frames: FrameRequestCallback[] = [];
let paintObserver: PerformanceObserverCallback | undefined;
let listeners: Array<[string, EventListenerOrEventListenerObject, unknown]> = [];

/** The entry's module script, once the loader has added it. */
const entryScript = () => document.head.querySelector(`script[type="module"][src="${ENTRY}"]`);

function nextFrame() {
  const due = frames;
  frames = [];
  for (const cb of due) cb(performance.now());
}

function reportFirstContentfulPaint() {
  const list = {
    getEntriesByName: (name: string) => (name === 'first-contentful-paint' ? [{ name }] : []),
  } as unknown as PerformanceObserverEntryList;
  paintObserver?.(list, { disconnect: () => undefined } as unknown as PerformanceObserver);
}

/** The body as the parser reaches it: #root with whose markup it is, then DOMContentLoaded. */
function parseBody(reader: 'visitor' | 'member') {
  document.body.innerHTML = `<div id="root" data-prerendered="/" data-prerendered-for="${reader}"><h1>온기</h1></div>`;
  document.dispatchEvent(new Event('DOMContentLoaded'));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  frames = [];
  paintObserver = undefined;
  listeners = [];
  document.head.innerHTML = `<meta name="ongi-entry" content="${ENTRY}">`;
  document.body.innerHTML = '';
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  vi.stubGlobal(
    'PerformanceObserver',
    Object.assign(
      class {
        constructor(cb: PerformanceObserverCallback) {
          paintObserver = cb;
        }
        observe() {}
        disconnect() {}
      },
      { supportedEntryTypes: ['paint'] },
    ),
  );
  // The loader's document listeners are removed after each test (one jsdom serves many files).
  const add = document.addEventListener.bind(document);
  vi.spyOn(document, 'addEventListener').mockImplementation((type, listener, options) => {
    listeners.push([type, listener as EventListenerOrEventListenerObject, options]);
    add(type, listener, options);
  });
});

afterEach(() => {
  for (const [type, listener, options] of listeners)
    document.removeEventListener(type, listener, options as boolean | EventListenerOptions);
  delete (window as unknown as Record<string, unknown>).__ongiEarly;
  delete (window as unknown as Record<string, unknown>).__ongiEarlyPress;
  delete (document as unknown as Record<string, unknown>).visibilityState;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.useRealTimers();
});

const runLoader = () => new Function(source)();

describe('first-paint.js: the entry starts after the prerendered markup’s first paint', () => {
  it('starts when the first contentful paint is reported', () => {
    runLoader();
    parseBody('visitor');
    nextFrame();
    vi.advanceTimersByTime(100);
    expect(entryScript()).toBeNull();
    reportFirstContentfulPaint();
    expect(entryScript()).not.toBeNull();
  });

  it('without a reported paint, starts 300 ms after the first frame, not before', () => {
    runLoader();
    parseBody('visitor');
    nextFrame();
    vi.advanceTimersByTime(299);
    expect(entryScript()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(entryScript()).not.toBeNull();
  });

  it('a first frame before the parser reaches #root waits for it: the markup shown is a visitor’s', () => {
    runLoader();
    // A frame while the body is still on its way: nothing is known of the markup yet.
    nextFrame();
    vi.advanceTimersByTime(50);
    expect(entryScript()).toBeNull();
    parseBody('visitor');
    vi.advanceTimersByTime(299);
    expect(entryScript()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(entryScript()).not.toBeNull();
  });

  it('markup this reader does not see (a member’s page, no token) paints nothing: starts once it is parsed', () => {
    runLoader();
    nextFrame();
    expect(entryScript()).toBeNull();
    parseBody('member');
    vi.advanceTimersByTime(0);
    expect(entryScript()).not.toBeNull();
  });
});
