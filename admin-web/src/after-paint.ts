// What the console's first screen does only once it has painted: what ends before that paint is on
// the paint's path as Lighthouse simulates it (every request that ends before the observed paint
// is), though the paint does not need it — the tab's icon, the session check behind a login form.

/**
 * `run` once the first contentful paint has been reported (its entry comes after the frame was
 * presented; a task after a requestAnimationFrame callback can still come before that). Without
 * paint timing, or should it never be reported, a task after the first frame (a second after it
 * with paint timing). A hidden tab paints nothing: then at once.
 */
export function afterFirstPaint(run: () => void): void {
  if (document.visibilityState === 'hidden') {
    run();
    return;
  }
  let done = false;
  let observer: PerformanceObserver | undefined;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    setTimeout(run, 0);
  };
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) once();
    });
    observer.observe({ type: 'paint', buffered: true });
  }
  requestAnimationFrame(() => setTimeout(once, observer ? 1000 : 0));
}

/**
 * The tab's icon, in place of the shell's empty one (`data:,`): in the shell, Chromium fetched it
 * before the login form's paint (without any icon link, /favicon.ico).
 */
export function addTabIcon(doc: Document = document): void {
  let link = doc.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'icon';
    doc.head.append(link);
  }
  link.type = 'image/svg+xml';
  link.href = '/favicon.svg';
}
