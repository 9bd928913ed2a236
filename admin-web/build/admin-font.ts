// Build step: the console's interface font — Pretendard cut (member-web/build/ui-font.ts, the same
// machinery as the member app's Ongi Sans) to the characters its first screens can show: the login
// form, 2단계 인증 and their errors. Those are exactly the code the entry (src/main.tsx) imports
// statically — react-admin and the rest of the console load later — plus the Worker's generic error
// answers (lib/errors.ts) any of their calls may bring. Preloaded, `font-display: optional`
// (src/pages/login.css), so the login screen paints with it and needs none of Pretendard's subsets;
// those come with the console's code (src/App.tsx), after the first paint.
import path from 'node:path';
import { entrySources } from '../../member-web/build/ui-font.ts';

export const ADMIN_UI_FONT_FILE = 'ongi-admin-sans.woff2';

/**
 * Symbols kept besides those in the sources: the password field's mask (•). Printable ASCII is kept
 * anyway (typed addresses, codes).
 */
export const ADMIN_UI_FONT_EXTRA = '•';

/** The files whose characters the font holds (admin-web's folder in, absolute paths out). */
export function adminInterfaceSources(adminWeb: string): string[] {
  const worker = path.resolve(adminWeb, '../worker/src');
  return [
    ...entrySources(path.join(adminWeb, 'src/main.tsx'), { '@contract': path.join(worker, 'contract') }),
    path.join(worker, 'lib/errors.ts'),
  ];
}
