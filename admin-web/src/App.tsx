// The admin console: react-admin with hash routing (its default), served by the Worker at /admin/.
import { Route } from 'react-router-dom';
import { Admin, CustomRoutes } from 'react-admin';
import { authProvider } from './api/auth-provider';
import { dataProvider } from './api/data-provider';
import { i18nProvider } from './i18n/i18n-provider';
import { AdminLayout } from './layout/AdminLayout';
import { Dashboard } from './pages/Dashboard';
import { LoginPage } from './pages/LoginPage';
import { ongiTheme } from './theme';

export function App() {
  return (
    <Admin
      title="온기 관리자"
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      theme={ongiTheme}
      layout={AdminLayout}
      loginPage={LoginPage}
      dashboard={Dashboard}
      requireAuth
      disableTelemetry
    >
      {/* The spec's sub-route /dashboard; users, community, notices, reports and feedback come with the admin issue. */}
      <CustomRoutes>
        <Route path="/dashboard" element={<Dashboard />} />
      </CustomRoutes>
    </Admin>
  );
}
