// The safety shield's calls from the member app (docs/api-extensions.md "Safety nudges").
import type { SafetyNudgeBody } from '@contract/safety/nudges';
import { api } from './client';

/**
 * What the sender did when asked '정말 보낼까요?' (204). Best effort: a lost record never stands in
 * the way of the conversation, so a failure is only logged.
 */
export function recordNudge(body: SafetyNudgeBody): void {
  api.post<unknown>('/api/on/safety/nudges', { json: body }).catch((err: unknown) => {
    console.error('recording the send nudge failed', err);
  });
}
