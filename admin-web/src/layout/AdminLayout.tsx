import type { ReactNode } from 'react';
import { AppBar, Layout, UserMenu } from 'react-admin';
import { AdminMenu } from './AdminMenu';
import { LogoutMenuItem } from './LogoutMenuItem';

function AdminAppBar() {
  return (
    <AppBar
      userMenu={
        <UserMenu>
          <LogoutMenuItem />
        </UserMenu>
      }
    />
  );
}

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={AdminMenu} appBar={AdminAppBar}>
      {children}
    </Layout>
  );
}
