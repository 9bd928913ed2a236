// The ban dialog's rules (docs/product-spec.md §5, §9): permanent or temporary; a temporary ban needs both the
// expiry date and time and must end in the future; the reason is optional, at most 200 characters.
// The expiry is sent as date + 'T' + time + ':00' in Korea time.
import { ADMIN_CONSOLE_MESSAGES, kstLocalToDate } from '@contract/admin-core';
import { LIMITS } from '@contract/limits';
import { normalizeText, textLength } from '@contract/text';
import type { BanRequest } from '../api/data-provider';

export type BanMode = 'permanent' | 'temporary';
export type BanFormValues = { mode: BanMode; date: string; time: string; reason: string };
export type BanFormErrors = Partial<Record<'until' | 'reason', string>>;
export type BanFormResult = { ok: true; body: BanRequest } | { ok: false; errors: BanFormErrors };

export const emptyBanForm: BanFormValues = { mode: 'permanent', date: '', time: '', reason: '' };

/** 'YYYY-MM-DD' + 'HH:mm' → 'YYYY-MM-DDTHH:mm:00'. */
export const banUntilText = (date: string, time: string) => `${date}T${time.slice(0, 5)}:00`;

export function validateBanForm(values: BanFormValues, now: Date): BanFormResult {
  const errors: BanFormErrors = {};
  // Normalised and counted as the Worker does (contract text.ts).
  const reason = normalizeText(values.reason);
  if (textLength(reason) > LIMITS.banReason) errors.reason = ADMIN_CONSOLE_MESSAGES.banReasonMax;

  let until: string | null = null;
  if (values.mode === 'temporary') {
    if (!values.date || !values.time) {
      errors.until = ADMIN_CONSOLE_MESSAGES.banUntilRequired;
    } else {
      until = banUntilText(values.date, values.time);
      const end = kstLocalToDate(until);
      if (!end) errors.until = ADMIN_CONSOLE_MESSAGES.banUntilRequired;
      else if (end.getTime() <= now.getTime()) errors.until = ADMIN_CONSOLE_MESSAGES.banUntilPast;
    }
  }
  if (errors.until || errors.reason) return { ok: false, errors };
  return { ok: true, body: { reason: reason || null, until } };
}
