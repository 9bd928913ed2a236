// The 닉네임 form of the invitation (nickname-invite.tsx decides when it shows): loaded only when it opens,
// so its form library and the contract's schema stay out of every member page's first screen.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { NICKNAME_LIMITS, nicknameBody } from '@contract/nickname';
import { countChars } from '@contract/text';
import { api, ApiError, errorMessage } from '../api/client';
import { ko } from '../i18n/ko';
import { Modal } from './modal';
import { showToast } from './toast/toast-store';

export type NicknameState = { nickname: string; chosen: boolean };

export function NicknameDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
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

  const save = async (body: z.output<typeof nicknameBody>) => {
    try {
      await api.put<NicknameState>('/api/on/nickname', { json: body });
      showToast(ko.identity.nicknameSaved, 'success');
      onClose();
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
      open
      onOpenChange={(next) => {
        if (!next) onClose();
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
          <button type="button" className="btn btn--secondary" onClick={onClose}>
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
