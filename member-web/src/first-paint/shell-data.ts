// Public data the Worker read for the page it served and wrote into the shell with the page's markup
// (worker/src/lib/spa.ts: the notices page's list). The page's query starts from it, so the first
// render is the markup already on screen; it is taken once, for the page the shell was served for.
const SHELL_DATA_ID = 'ongi-shell-data';

const data: Record<string, unknown> = {};

/** The shell's data block, read (and removed) the first time anything asks. */
function read(): Record<string, unknown> {
  const el = typeof document === 'undefined' ? null : document.getElementById(SHELL_DATA_ID);
  if (!el) return data;
  el.remove();
  try {
    const parsed: unknown = JSON.parse(el.textContent ?? '');
    if (parsed && typeof parsed === 'object') Object.assign(data, parsed);
  } catch {
    /* a broken block: the page asks for its data itself */
  }
  return data;
}

/** Whether the shell carries the data of `path` (still untaken). */
export const hasShellData = (path: string): boolean => Object.hasOwn(read(), path);

/** The shell's data of `path`, once: later calls (a later visit of the page) get undefined. */
export function takeShellData<T>(path: string): T | undefined {
  const all = read();
  if (!Object.hasOwn(all, path)) return undefined;
  const value = all[path] as T;
  delete all[path];
  return value;
}
