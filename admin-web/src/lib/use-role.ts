// The signed-in operator's role (authProvider.getPermissions → /admin/check), to hide what a
// 운영자 cannot do. Hiding is a courtesy: the Worker refuses it anyway (docs/safety.md "Roles").
import { usePermissions } from 'react-admin';
import type { AdminRole } from '@contract/admin-auth';

/** True only once the role is known to be 관리자 (while loading, the narrower view). */
export function useIsAdminRole(): boolean {
  const { permissions } = usePermissions<AdminRole | undefined>();
  return permissions === 'ADMIN';
}
