// 정지 해제 with a confirmation (docs/product-spec.md §5), then '정지 해제를 완료했어요' and a refresh.
import { useState } from 'react';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { Button, Confirm, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { OngiDataProvider } from '../api/data-provider';
import { withReason } from '../lib/errors';

export function UnbanButton({ member }: { member: { id: number; name: string } }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<OngiDataProvider>();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);

  const onConfirm = async () => {
    setSaving(true);
    try {
      await dataProvider.unbanMember(member.id);
      notify('ongi.ban.unban_done', { type: 'success' });
      setOpen(false);
      refresh();
    } catch (err) {
      notify(withReason(translate('ongi.ban.unban_failed'), err), { type: 'error' });
      setOpen(false);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Button
        label="ongi.users.unban"
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        <LockOpenIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={saving}
        title={translate('ongi.ban.unban_confirm_title')}
        content={translate('ongi.ban.unban_confirm', { name: member.name })}
        confirm="ongi.users.unban"
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
