// The first screen's scheduling helpers: idle work waits for idle (or its timeout), can be cancelled,
// and yielding ends the task (scheduler.yield where there is one, else a timer).
import { act, render, renderHook, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AfterIdle, useOpenedOnce, whenIdle, yieldToMain } from './idle';

type IdleCb = () => void;
let idleCallbacks: Map<number, { cb: IdleCb; timeout?: number }>;
let nextId: number;

function installIdle() {
  idleCallbacks = new Map();
  nextId = 1;
  vi.stubGlobal('requestIdleCallback', (cb: IdleCb, opts?: { timeout: number }) => {
    const id = nextId++;
    idleCallbacks.set(id, { cb, timeout: opts?.timeout });
    return id;
  });
  vi.stubGlobal('cancelIdleCallback', (id: number) => idleCallbacks.delete(id));
}

function runIdle() {
  const pending = [...idleCallbacks.values()];
  idleCallbacks.clear();
  for (const { cb } of pending) cb();
}

describe('whenIdle', () => {
  beforeEach(installIdle);

  it('waits for the idle callback, asking for it within the timeout', () => {
    const fn = vi.fn();
    whenIdle(fn, 1500);
    expect(fn).not.toHaveBeenCalled();
    expect([...idleCallbacks.values()][0]?.timeout).toBe(1500);
    runIdle();
    expect(fn).toHaveBeenCalledOnce();
  });

  it('does not run once cancelled', () => {
    const fn = vi.fn();
    const cancel = whenIdle(fn);
    cancel();
    runIdle();
    expect(fn).not.toHaveBeenCalled();
  });

  it('falls back to a timer where the browser has no idle callbacks', () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('requestIdleCallback', undefined);
      const fn = vi.fn();
      const cancelled = vi.fn();
      whenIdle(fn);
      whenIdle(cancelled)();
      expect(fn).not.toHaveBeenCalled();
      vi.advanceTimersByTime(5);
      expect(fn).toHaveBeenCalledOnce();
      expect(cancelled).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('yieldToMain', () => {
  afterEach(() => vi.useRealTimers());

  it('uses scheduler.yield where the browser has it', async () => {
    const y = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: y });
    await yieldToMain();
    expect(y).toHaveBeenCalledOnce();
  });

  it('otherwise resumes after a timer, not in the same task', async () => {
    vi.stubGlobal('scheduler', undefined);
    vi.useFakeTimers();
    let resumed = false;
    const done = yieldToMain().then(() => {
      resumed = true;
    });
    await Promise.resolve();
    expect(resumed).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    await done;
    expect(resumed).toBe(true);
  });
});

describe('AfterIdle', () => {
  beforeEach(installIdle);

  it('renders its children only after the main thread has been idle, and keeps them', () => {
    const { rerender } = render(createElement(AfterIdle, null, createElement('p', null, '나중에')));
    expect(screen.queryByText('나중에')).toBeNull();
    act(runIdle);
    expect(screen.getByText('나중에')).toBeInTheDocument();
    rerender(createElement(AfterIdle, null, createElement('p', null, '나중에')));
    expect(screen.getByText('나중에')).toBeInTheDocument();
    expect(idleCallbacks.size).toBe(0);
  });

  it('asks for nothing more once unmounted before idle', () => {
    const { unmount } = render(createElement(AfterIdle, null, createElement('p', null, '나중에')));
    expect(idleCallbacks.size).toBe(1);
    unmount();
    expect(idleCallbacks.size).toBe(0);
  });
});

describe('useOpenedOnce', () => {
  it('is false until first opened, then stays true when closed again', () => {
    const { result, rerender } = renderHook(({ open }) => useOpenedOnce(open), { initialProps: { open: false } });
    expect(result.current).toBe(false);
    rerender({ open: true });
    expect(result.current).toBe(true);
    rerender({ open: false });
    expect(result.current).toBe(true);
  });
});
