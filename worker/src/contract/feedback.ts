// Feedback (api-contract "Feedback and notices"): one schema for the dialog's form and the Worker.
import { z } from 'zod';
import { LIMITS } from './limits';
import { VALIDATION_KO } from './messages';

export const feedbackBody = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, VALIDATION_KO.titleRequired)
    .max(LIMITS.feedbackTitle, VALIDATION_KO.feedbackTitleMax),
  content: z
    .string()
    .trim()
    .min(1, VALIDATION_KO.contentRequired)
    .max(LIMITS.feedbackContent, VALIDATION_KO.feedbackContentMax),
});
export type FeedbackBody = z.infer<typeof feedbackBody>;

/** A member's own feedback item (POST /feedback/create, GET /feedback/my, PATCH …/update). */
export type FeedbackItem = { id: number; title: string; content: string; createdAt: string };

/** GET /feedback (admin), newest first. */
export type AdminFeedbackItem = FeedbackItem & { memberId: number; user: { name: string } };
