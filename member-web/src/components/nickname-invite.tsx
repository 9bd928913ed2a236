// Members who joined when the portal's real name was their public name are invited once (per
// browser) to choose a 닉네임 (docs/trust.md "Identity (본인확인)"): GET /api/on/nickname, PUT /api/on/nickname.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { NICKNAME_LIMITS, nicknameBody } from '@contract/nickname';
import { countChars } from '@contract/text';
import { api, ApiError, errorMessage } from '../api/client';
import { ko } from '../i18n/ko';
import { localValue } from '../lib/storage';
import { Modal } from './modal';
import { showToast } from './toast/toast-store';

type NicknameState = { nickname: string; chosen: boolean };
const DISMISSED_KEY = 'nicknameInviteSeen';

export function NicknameInvite() {
  const queryClient = useQueryClient();
  const [seen, setSeen] = useState(() => localValue.get(DISMISSED_KEY) === '1');
  const state = useQuery({
    queryKey: ['nickname'],
    queryFn: () => api.get<NicknameState>('/api/on/nickname'),
    enabled: !seen,
    staleTime: Infinity,
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof nicknameBody>, unknown, z.output<typeof nicknameBody>>({
    resolver: zodResolver(nicknameBody),
    defaultValues: { nickname: '' },
  });
  const length = countChars(useWatch({ control, name: 'nickname' }) ?? '');
  const open = !seen && state.data?.chosen === false;
  // Chosen already: this browser need not ask again.
  if (!seen && state.data?.chosen === true) localValue.set(DISMISSED_KEY, '1');

  const close = () => {
    localValue.set(DISMISSED_KEY, '1');
    setSeen(true);
  };

  const save = async (body: z.output<typeof nicknameBody>) => {
    try {
      await api.put<NicknameState>('/api/on/nickname', { json: body });
      showToast(ko.identity.nicknameSaved, 'success');
      close();
      await queryClient.invalidateQueries();
    } catch (err) {
      setError('nickname', {
        type: 'server',
        message: err instanceof ApiError && err.fields?.nickname ? err.fields.nickname : errorMessage(err),
      });
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title={ko.identity.nicknameTitle}
      description={ko.identity.nicknameLead}
    >
      <form onSubmit={(e) => void handleSubmit(save)(e)} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="nickname-invite">
            {ko.identity.nickname}
          </label>
          <input
            id="nickname-invite"
            className="input"
            autoComplete="nickname"
            maxLength={NICKNAME_LIMITS.max * 4}
            aria-invalid={errors.nickname ? true : undefined}
            aria-describedby={errors.nickname ? 'nickname-invite-hint nickname-invite-error' : 'nickname-invite-hint'}
            {...register('nickname')}
          />
          <p id="nickname-invite-hint" className="field__hint">
            {ko.identity.nicknameHint} {ko.identity.nicknameCount(length, NICKNAME_LIMITS.max)}
          </p>
          {errors.nickname?.message ? (
            <p id="nickname-invite-error" className="field__error" role="alert">
              {errors.nickname.message}
            </p>
          ) : null}
        </div>
        <div className="dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={close}>
            {ko.identity.later}
          </button>
          <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
            {ko.identity.nicknameSave}
          </button>
        </div>
      </form>
    </Modal>
  );
}
