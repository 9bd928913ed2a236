// 차단하기 with its confirmation, shared by the modal and the profile pages.
import { useState } from 'react';
import { useBlockMember } from '../../api/profiles';
import { ko } from '../../i18n/ko';
import { showToast } from '../toast/toast-store';

export function useBlockFlow(onBlocked: (memberId: number) => void) {
  const [asking, setAsking] = useState(false);
  const block = useBlockMember();

  const confirm = async (memberId: number, name: string) => {
    try {
      await block.mutateAsync(memberId);
    } catch {
      showToast(ko.profile.block.failed, 'error');
      return;
    }
    showToast(ko.profile.block.done(name), 'success');
    onBlocked(memberId);
  };

  return { asking, setAsking, confirm };
}
