// Report reason preview for the table: cut at 40 characters with an ellipsis (spec §9).
import { LIMITS } from '@contract/limits';

export function previewReason(text: string, max = LIMITS.reportReasonPreviewChars): string {
  const chars = Array.from(text.trim());
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
}
