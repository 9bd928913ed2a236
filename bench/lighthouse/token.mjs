// A member page under test needs the member's token in the origin's storage before the SPA reads
// it. Lighthouse (and a fresh browser context) start with empty storage, so the token is put back
// on every new document of that origin.

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
