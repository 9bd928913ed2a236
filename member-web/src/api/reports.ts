// Reports sent by members (docs/product-spec.md §3 "Report", §5 report rules), checked with the contract's schema.
import { REPORT_REASONS, type ReportReason } from '@contract/enums';
import { LIMITS } from '@contract/limits';
import { REPORT_KO, REPORT_LIMITS, reportBody, type ReportSample } from '@contract/reports';
import { sliceChars } from '@contract/text';
import type { z } from 'zod';
import { ko } from '../i18n/ko';
import { api } from './client';

export type MessageSample = ReportSample;

/** Upper-case codes are sent; anything unknown becomes OTHER (docs/product-spec.md §5). */
export function toReasonType(value: unknown): ReportReason {
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return REPORT_REASONS.find((r) => r === code) ?? 'OTHER';
}

export interface ReportDraft {
  targetMemberId: number | null | undefined;
  /** '' while nothing is chosen. */
  reasonType: string;
  content: string;
}

export interface ReportContext {
  pageUrl: string;
  chatRoomId?: number;
  messageSamples?: MessageSample[];
}

export type ReportPayload = z.output<typeof reportBody>;

export type ReportCheck =
  { ok: true; payload: ReportPayload } | { ok: false; field: 'target' | 'reasonType' | 'content'; message: string };

/** Evidence is cut to what the server keeps rather than failing the whole report. */
const clip = (sample: MessageSample): MessageSample => ({
  from: sample.from,
  text: sliceChars(sample.text, REPORT_LIMITS.sampleTextMax),
  time: sample.time.slice(0, 64),
});

/** Builds the payload (samples only with a chat room, the last 10) and names the first rule it breaks. */
export function checkReport(draft: ReportDraft, context: ReportContext): ReportCheck {
  const id = draft.targetMemberId;
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) {
    return { ok: false, field: 'target', message: ko.profile.report.missingTarget };
  }
  const parsed = reportBody.safeParse({
    targetMemberId: id,
    chatRoomId: context.chatRoomId ?? null,
    reasonType: draft.reasonType.trim() === '' ? undefined : toReasonType(draft.reasonType),
    content: draft.content,
    evidenceUrl: null,
    pageUrl: context.pageUrl.slice(0, REPORT_LIMITS.urlMax),
    messageSamples:
      context.chatRoomId === undefined
        ? []
        : (context.messageSamples ?? []).slice(-LIMITS.reportMessageSamples).map(clip),
  });
  if (parsed.success) return { ok: true, payload: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue?.path[0] === 'reasonType' ? 'reasonType' : 'content';
  return { ok: false, field, message: issue?.message ?? REPORT_KO.contentRequired };
}

export const sendReport = (payload: ReportPayload) => api.post<unknown>('/api/on/report', { json: payload });
