// The heart (관심 표시) toggle: optimistic, rolled back on failure, disabled while in flight (docs/product-spec.md §4, §5, §8).
import '../styles/profile.css';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { setHeart } from '../api/hearts';
import { mypageKeys } from '../api/mypage-keys';
import { profileKey } from '../api/profiles';
import type { ProfileReading } from './profile-modal/normalize-profile';
import { ko } from '../i18n/ko';
import { HeartIcon } from './icons';
import { showToast } from './toast/toast-store';

interface HeartToggleProps {
  memberId: number | null | undefined;
  /** The server's current state. */
  hearted: boolean;
  onChange?: (hearted: boolean) => void;
  className?: string;
}

export function useHeartToggle(memberId: number | null | undefined, hearted: boolean) {
  const client = useQueryClient();
  const [on, setOn] = useState(hearted);
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);

  // A fresh server answer wins, except while our own change is on its way.
  useEffect(() => {
    if (!inFlight.current) setOn(hearted);
  }, [hearted]);

  const toggle = async (): Promise<boolean | null> => {
    if (inFlight.current) return null;
    if (typeof memberId !== 'number' || !Number.isInteger(memberId) || memberId <= 0) {
      showToast(ko.profile.heart.missingId, 'error');
      return null;
    }
    const previous = on;
    const next = !previous;
    inFlight.current = true;
    setPending(true);
    setOn(next);
    try {
      await setHeart(memberId, next);
      client.setQueryData<ProfileReading>(profileKey(memberId), (r) =>
        r?.ok ? { ok: true, profile: { ...r.profile, hearted: next } } : r,
      );
      void client.invalidateQueries({ queryKey: mypageKeys.likes });
      return next;
    } catch {
      setOn(previous);
      showToast(ko.profile.heart.failed, 'error');
      return null;
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };

  return { on, pending, toggle };
}

export function HeartToggle({ memberId, hearted, onChange, className = '' }: HeartToggleProps) {
  const { on, pending, toggle } = useHeartToggle(memberId, hearted);
  return (
    <button
      type="button"
      className={`heart-toggle${on ? ' is-on' : ''} ${className}`.trim()}
      aria-pressed={on}
      aria-label={ko.profile.heart.label}
      aria-busy={pending}
      disabled={pending}
      onClick={() =>
        void toggle().then((next) => {
          if (next !== null) onChange?.(next);
        })
      }
    >
      <HeartIcon size={22} fill={on ? 'currentColor' : 'none'} />
    </button>
  );
}
