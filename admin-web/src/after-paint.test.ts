// What the console's first screen defers until it has painted (after-paint.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addTabIcon, afterFirstPaint } from './after-paint';

/** requestAnimationFrame whose frames the test runs. */
function frames() {
  const queued: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => queued.push(run));
  return () => {
    for (const run of queued.splice(0)) run(performance.now());
  };
}

/** A PerformanceObserver with paint timing whose entries the test reports. */
function paintTiming() {
  const observers: Array<(names: string[]) => void> = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    private live = true;
    constructor(private readonly callback: PerformanceObserverCallback) {}
    observe() {
      observers.push((names) => {
        if (!this.live) return;
        const list = { getEntriesByName: (n: string) => names.filter((x) => x === n) };
        this.callback(list as unknown as PerformanceObserverEntryList, this as unknown as PerformanceObserver);
      });
    }
    disconnect() {
      this.live = false;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return (name: string) => observers.forEach((report) => report([name]));
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.useRealTimers();
  document.head.querySelectorAll('link[rel="icon"]').forEach((l) => l.remove());
});

describe('afterFirstPaint', () => {
  it('runs once the first contentful paint is reported, not at the first frame', async () => {
    const frame = frames();
    const report = paintTiming();
    const run = vi.fn();
    afterFirstPaint(run);
    frame();
    report('first-paint');
    await tick();
    await tick();
    expect(run).not.toHaveBeenCalled();
    report('first-contentful-paint');
    report('first-contentful-paint');
    await tick();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs a second after the first frame should the paint never be reported', () => {
    vi.useFakeTimers();
    const frame = frames();
    paintTiming();
    const run = vi.fn();
    afterFirstPaint(run);
    frame();
    vi.advanceTimersByTime(999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    vi.runOnlyPendingTimers();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('without paint timing, runs in a task after the first frame', async () => {
    const frame = frames();
    vi.stubGlobal('PerformanceObserver', undefined);
    const run = vi.fn();
    afterFirstPaint(run);
    await tick();
    expect(run).not.toHaveBeenCalled();
    frame();
    await tick();
    await tick();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at once in a hidden tab (it paints nothing)', () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const run = vi.fn();
    afterFirstPaint(run);
    expect(run).toHaveBeenCalledTimes(1);
    visibility.mockRestore();
  });
});

describe('addTabIcon', () => {
  it('puts the tab’s icon in place of the shell’s empty one, once', () => {
    const empty = document.createElement('link');
    empty.rel = 'icon';
    empty.href = 'data:,';
    document.head.append(empty);
    addTabIcon();
    addTabIcon();
    const icons = document.head.querySelectorAll('link[rel="icon"]');
    expect(icons).toHaveLength(1);
    expect(icons[0]?.getAttribute('href')).toBe('/favicon.svg');
    expect(icons[0]?.getAttribute('type')).toBe('image/svg+xml');
  });

  it('adds it when the document has none', () => {
    addTabIcon();
    expect(document.head.querySelectorAll('link[rel="icon"][href="/favicon.svg"]')).toHaveLength(1);
  });
});
