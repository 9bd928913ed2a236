// 숨김 풀기 (docs/admin.md "Hidden profile texts stay hidden"): a hidden text stays hidden whatever the member saves in its place until an
// operator has read it and lifts the hide here. Success/failure are notified; the detail refreshes.
import { useState } from 'react';
import { Button } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { HideableField, PromptId } from '@contract/profile-details';
import type { OngiDataProvider } from '../api/data-provider';
import { withReason } from '../lib/errors';

type Props = { memberId: number; field: HideableField; questionId: PromptId | null; label: string };

export function UnhideDetailButton({ memberId, field, questionId, label }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<OngiDataProvider>();
  const [saving, setSaving] = useState(false);

  const onClick = async () => {
    if (saving) return;
    setSaving(true);
    try {
      await dataProvider.unhideProfileDetail(memberId, { field, ...(field === 'prompt' ? { questionId } : {}) });
      notify('ongi.details.unhide_done', { type: 'success' });
      refresh();
    } catch (err) {
      notify(withReason(translate('ongi.details.unhide_failed'), err), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<VisibilityIcon />}
      aria-label={translate('ongi.details.unhide_label', { item: label })}
      disabled={saving}
      onClick={() => void onClick()}
    >
      {translate('ongi.details.unhide')}
    </Button>
  );
}
