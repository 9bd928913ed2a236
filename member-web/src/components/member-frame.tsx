// The shared frame (navigation + footer) around member pages.
import { Outlet } from 'react-router-dom';
import { ko } from '../i18n/ko';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function MemberFrame() {
  return (
    <>
      <a className="skip-link" href="#main">
        {ko.common.skipToContent}
      </a>
      <SiteHeader />
      <main id="main" className="frame-main">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
