// The console frame: react-admin's layout with our menu, the page title as the screen's one h1, a
// named loading spinner, and a user menu named by the admin's name it shows (WCAG 2.5.3).
import type { ReactNode } from 'react';
import { AppBar, Layout, LoadingIndicator, TitlePortal, UserMenu, useGetIdentity, useTranslate } from 'react-admin';
import { AdminMenu } from './AdminMenu';
import { LogoutMenuItem } from './LogoutMenuItem';

function AdminAppBar() {
  const t = useTranslate();
  const { identity } = useGetIdentity();
  const name = identity?.fullName;
  return (
    <AppBar
      // The default toolbar's spinner has no name (axe: aria-progressbar-name); the rest spreads onto it.
      toolbar={<LoadingIndicator aria-label={t('ra.page.loading')} />}
      userMenu={
        <UserMenu label={name ? t('ongi.menu.account_menu', { name }) : 'ra.auth.user_menu'}>
          <LogoutMenuItem />
        </UserMenu>
      }
    >
      <TitlePortal component="h1" className="RaAppBar-title" />
    </AppBar>
  );
}

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    // react-admin's layout is at least as wide as its content ('fit-content'): on a phone a wide
    // table widened the whole page. Here the content keeps to the screen; tables scroll inside.
    <Layout menu={AdminMenu} appBar={AdminAppBar} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}>
      {children}
    </Layout>
  );
}
