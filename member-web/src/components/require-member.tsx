import { Navigate, Outlet } from 'react-router-dom';
import { hasAccessToken } from '../lib/storage';

/** Member-only routes: without an access token the visitor goes to the landing page. */
export function RequireMember() {
  return hasAccessToken() ? <Outlet /> : <Navigate to="/" replace />;
}
