// Frame for pages visitors can read too (terms, privacy, 404): logo header and footer.
import type { ReactNode } from 'react';
import { hasAccessToken } from '../lib/storage';
import { ko } from '../i18n/ko';
import { Logo } from './logo';
import { SiteFooter } from './site-footer';

export function PublicFrame({ children }: { children: ReactNode }) {
  const member = hasAccessToken();
  return (
    <>
      <a className="skip-link" href="#main">
        {ko.common.skipToContent}
      </a>
      <header className="public-header">
        <div className="container public-header__inner">
          <Logo to={member ? '/main' : '/'} />
        </div>
      </header>
      <main id="main" className="frame-main">
        {children}
      </main>
      <SiteFooter variant={member ? 'member' : 'public'} />
    </>
  );
}
