// The admin console: react-admin with hash routing (its default), served by the Worker at /admin/.
// Routes follow the spec's sub-routes: users, community, notice (→ notices/create), notices,
// notice/edit/{id} (→ notices/{id}), reports, dashboard (also the home page), feedback; then the
// safety desk (safety-desk: queue → a member's evidence) and audit-log (docs/safety.md).
// Pretendard's 92 subsets (`font-display: swap`) arrive with the console's code, not with the login
// screen's first paint (its interface font holds its characters: build/admin-font.ts).
import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';
import { Navigate, Route, useParams } from 'react-router-dom';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import type { AdminRole } from '@contract/admin-auth';
import { authProvider } from './api/auth-provider';
import { dataProvider } from './api/data-provider';
import { i18nProvider } from './i18n/i18n-provider';
import { AdminLayout } from './layout/AdminLayout';
import { LoginPage } from './pages/LoginPage';
import {
  AuditLogList,
  Dashboard,
  FeedbackList,
  NoticeCreate,
  NoticeEdit,
  NoticeList,
  OperatorList,
  PhotoVerificationScreen,
  PostList,
  ReportList,
  SafetyDeskList,
  SafetyDeskShow,
  UserList,
  UserShow,
} from './screens';
import { ongiTheme } from './theme';

function NoticeEditRedirect() {
  const { id } = useParams();
  return <Navigate to={`/notices/${id ?? ''}`} replace />;
}

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
      {/* The role (authProvider.getPermissions) decides which screens exist: docs/safety.md "Roles". */}
      {(role: AdminRole | undefined) => (
        <>
          <Resource name="users" list={UserList} show={UserShow} recordRepresentation="name" />
          <Resource name="community" list={PostList} />
          <Resource
            name="notices"
            list={NoticeList}
            create={role === 'ADMIN' ? NoticeCreate : undefined}
            edit={role === 'ADMIN' ? NoticeEdit : undefined}
            recordRepresentation="title"
          />
          <Resource name="reports" list={ReportList} />
          <Resource name="feedback" list={FeedbackList} />
          <Resource name="safety-desk" list={SafetyDeskList} show={SafetyDeskShow} recordRepresentation="name" />
          <Resource name="audit-log" list={AuditLogList} />
          {role === 'ADMIN' && <Resource name="operators" list={OperatorList} recordRepresentation="name" />}
          <CustomRoutes>
            <Route path="/dashboard" element={<Dashboard />} />
            <Route path="/photo-verifications" element={<PhotoVerificationScreen />} />
            <Route path="/notice" element={<Navigate to="/notices/create" replace />} />
            <Route path="/notice/edit/:id" element={<NoticeEditRedirect />} />
          </CustomRoutes>
        </>
      )}
    </Admin>
  );
}
