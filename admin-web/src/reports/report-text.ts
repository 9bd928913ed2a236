// Report reason preview for the table: cut at 40 characters with an ellipsis (docs/product-spec.md §9).
import { LIMITS } from '@contract/limits';
import { sliceChars, textLength } from '@contract/text';

/** Characters as the Worker counts them (grapheme clusters): an emoji is never cut in half. */
export function previewReason(text: string, max = LIMITS.reportReasonPreviewChars): string {
  const trimmed = text.trim();
  return textLength(trimmed) > max ? `${sliceChars(trimmed, max)}…` : trimmed;
}
