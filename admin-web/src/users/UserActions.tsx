// The member actions shown on each row and on the detail view: 정지 or 정지 해제, and 정지 이력
// (a 운영자 does not see 정지 해제 for a permanent ban: docs/safety.md "Roles").
import { useState } from 'react';
import BlockIcon from '@mui/icons-material/Block';
import HistoryIcon from '@mui/icons-material/History';
import { Stack } from '@mui/material';
import { Button, useRecordContext } from 'react-admin';
import type { AdminUser } from '@contract/admin-core';
import { BanDialog } from './BanDialog';
import { BanHistoryDialog } from './BanHistoryDialog';
import { UnbanButton } from './UnbanButton';
import { useIsAdminRole } from '../lib/use-role';

/** `label` is read by the Datagrid for the column header (a header cell must not be empty). */
export function UserActions(_props: { label?: string }) {
  const user = useRecordContext<AdminUser>();
  const [banOpen, setBanOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const isAdminRole = useIsAdminRole();
  if (!user) return null;
  // A permanent ban is lifted by a 관리자 only.
  const mayUnban = isAdminRole || user.bannedUntil !== null;
  const member = { id: user.id, name: user.name };
  return (
    // Row clicks open the detail view; the buttons must not.
    <Stack direction="row" spacing={0.5} onClick={(e) => e.stopPropagation()}>
      {user.status === 'BANNED' ? (
        mayUnban && <UnbanButton member={member} />
      ) : (
        <Button label="ongi.users.ban" color="error" onClick={() => setBanOpen(true)}>
          <BlockIcon />
        </Button>
      )}
      <Button label="ongi.users.history" onClick={() => setHistoryOpen(true)}>
        <HistoryIcon />
      </Button>
      <BanDialog member={member} open={banOpen} onClose={() => setBanOpen(false)} allowPermanent={isAdminRole} />
      <BanHistoryDialog member={member} open={historyOpen} onClose={() => setHistoryOpen(false)} />
    </Stack>
  );
}
