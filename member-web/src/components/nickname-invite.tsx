// Members who joined when the portal's real name was their public name are invited once (per
// browser) to choose a 닉네임 (docs/trust.md "Identity (본인확인)"): GET /api/on/nickname, PUT /api/on/nickname.
// The form (nickname-dialog.tsx) loads only for a member it opens for.
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import { api } from '../api/client';
import { localValue } from '../lib/storage';
import type { NicknameState } from './nickname-dialog';

const DISMISSED_KEY = 'nicknameInviteSeen';
const NicknameDialog = lazy(() => import('./nickname-dialog').then((m) => ({ default: m.NicknameDialog })));

export function NicknameInvite() {
  const [seen, setSeen] = useState(() => localValue.get(DISMISSED_KEY) === '1');
  const state = useQuery({
    queryKey: ['nickname'],
    queryFn: () => api.get<NicknameState>('/api/on/nickname'),
    enabled: !seen,
    staleTime: Infinity,
  });
  const open = !seen && state.data?.chosen === false;
  // Chosen already: this browser need not ask again.
  if (!seen && state.data?.chosen === true) localValue.set(DISMISSED_KEY, '1');

  const close = () => {
    localValue.set(DISMISSED_KEY, '1');
    setSeen(true);
  };
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <NicknameDialog onClose={close} />
    </Suspense>
  );
}
