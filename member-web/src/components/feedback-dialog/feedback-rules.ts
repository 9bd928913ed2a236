// Feedback rules through the contract's schema (the Worker validates with the same one).
import { feedbackBody } from '@contract/feedback';

export interface FeedbackCheck {
  /** Field messages; the "required" ones only once the member tried to send. */
  errors: { title?: string; content?: string };
  /** A field is past its limit: the submit is disabled and the over-limit hint shows. */
  over: { title: boolean; content: boolean };
}

export function checkFeedback(title: string, content: string, { required }: { required: boolean }): FeedbackCheck {
  const check: FeedbackCheck = { errors: {}, over: { title: false, content: false } };
  const parsed = feedbackBody.safeParse({ title, content });
  if (parsed.success) return check;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field !== 'title' && field !== 'content') continue;
    const tooBig = issue.code === 'too_big';
    if (tooBig) check.over[field] = true;
    if ((tooBig || required) && !check.errors[field]) check.errors[field] = issue.message;
  }
  return check;
}
