// The signed-in operator's role (from GET /admin/check through the authProvider's identity): a
// screen hides what the role cannot do. The Worker enforces the same rule (403 ROLE_REQUIRED).
import { useGetIdentity } from 'react-admin';
import { ADMIN_ROLES, type AdminRole } from '@contract/admin-auth';

export function useAdminRole(): AdminRole | undefined {
  const { identity } = useGetIdentity();
  const role: unknown = identity?.role;
  return (ADMIN_ROLES as readonly unknown[]).includes(role) ? (role as AdminRole) : undefined;
}

/** A permanent ban is 관리자 work; 운영자 ban for a while. Unknown role: not shown. */
export const mayBanForever = (role: AdminRole | undefined): boolean => role === 'ADMIN';
