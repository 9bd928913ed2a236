// What the Lighthouse bench (run.mjs) and its profiler (profile.mjs) share about the browser: Debian's
// Chromium's flags, and the member's token put into the origin's storage before the SPA reads it
// (Lighthouse and a fresh context start with empty storage, so it is put back on every new document).

/** Chromium's flags for both scripts (a headless, quiet browser: no background traffic). */
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Puts `token` into `origin`'s localStorage as each new document of `page` starts. */
export async function tokenOnEveryDocument(page, origin, token) {
  await page.evaluateOnNewDocument(
    (o, t) => {
      if (location.origin === o) localStorage.setItem('accessToken', t);
    },
    origin,
    token,
  );
}
