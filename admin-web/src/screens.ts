// Every console screen as its own chunk: the login page and the shell load first, a screen's
// code (and the react-admin pieces only it uses) when it is first opened.
import { lazy } from 'react';

export const UserList = lazy(() => import('./users/UserList').then((m) => ({ default: m.UserList })));
export const UserShow = lazy(() => import('./users/UserShow').then((m) => ({ default: m.UserShow })));
export const PostList = lazy(() => import('./community/PostList').then((m) => ({ default: m.PostList })));
export const NoticeList = lazy(() => import('./notices/NoticeScreens').then((m) => ({ default: m.NoticeList })));
export const NoticeCreate = lazy(() => import('./notices/NoticeScreens').then((m) => ({ default: m.NoticeCreate })));
export const NoticeEdit = lazy(() => import('./notices/NoticeScreens').then((m) => ({ default: m.NoticeEdit })));
export const ReportList = lazy(() => import('./reports/ReportList').then((m) => ({ default: m.ReportList })));
export const FeedbackList = lazy(() => import('./feedback/FeedbackList').then((m) => ({ default: m.FeedbackList })));
export const Dashboard = lazy(() => import('./dashboard/Dashboard'));
export const PhotoVerificationScreen = lazy(() =>
  import('./photos/PhotoVerificationScreen').then((m) => ({ default: m.PhotoVerificationScreen })),
);
export const SafetyDeskList = lazy(() =>
  import('./safety/SafetyDeskList').then((m) => ({ default: m.SafetyDeskList })),
);
export const SafetyDeskShow = lazy(() =>
  import('./safety/SafetyDeskShow').then((m) => ({ default: m.SafetyDeskShow })),
);
export const AuditLogList = lazy(() => import('./audit/AuditLogList').then((m) => ({ default: m.AuditLogList })));
export const OperatorList = lazy(() => import('./operators/OperatorList').then((m) => ({ default: m.OperatorList })));
