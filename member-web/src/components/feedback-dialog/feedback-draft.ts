// The create-mode draft kept in localStorage under `feedbackDraft` (docs/product-spec.md §4, §9).
import { STORAGE_KEYS } from '@contract/limits';
import { localValue } from '../../lib/storage';

export interface FeedbackDraft {
  title: string;
  content: string;
}

export function readFeedbackDraft(): FeedbackDraft | null {
  const raw = localValue.get(STORAGE_KEYS.feedbackDraft);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { title, content } = parsed as Record<string, unknown>;
    const draft = {
      title: typeof title === 'string' ? title : '',
      content: typeof content === 'string' ? content : '',
    };
    return draft.title || draft.content ? draft : null;
  } catch {
    return null; // a damaged draft is simply not restored
  }
}

export const saveFeedbackDraft = (draft: FeedbackDraft): void =>
  localValue.set(STORAGE_KEYS.feedbackDraft, JSON.stringify(draft));

export const removeFeedbackDraft = (): void => localValue.remove(STORAGE_KEYS.feedbackDraft);
