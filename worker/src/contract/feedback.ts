// Feedback (api-contract "Feedback and notices"): one schema for the dialog's form and the Worker.
import { z } from 'zod';
import { LIMITS } from './limits';
import { VALIDATION_KO } from './messages';
import { textField } from './text-schema';

export const feedbackBody = z.strictObject({
  title: textField({
    max: LIMITS.feedbackTitle,
    required: VALIDATION_KO.titleRequired,
    tooLong: VALIDATION_KO.feedbackTitleMax,
  }),
  content: textField({
    max: LIMITS.feedbackContent,
    required: VALIDATION_KO.contentRequired,
    tooLong: VALIDATION_KO.feedbackContentMax,
  }),
});
export type FeedbackBody = z.infer<typeof feedbackBody>;

/** A member's own feedback item (POST /feedback/create, GET /feedback/my, PATCH …/update). */
export type FeedbackItem = { id: number; title: string; content: string; createdAt: string };

/** GET /feedback (admin), newest first. */
export type AdminFeedbackItem = FeedbackItem & { memberId: number; user: { name: string } };
