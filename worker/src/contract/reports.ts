// Member reports (POST /api/on/report, docs/product-spec.md §3 report, §5 report rules).
import { z } from 'zod';
import { boundedArray } from './bounded-array';
import { REPORT_REASONS } from './enums';
import { LIMITS } from './limits';
import { quotedTextField, textField } from './text-schema';

export const REPORT_LIMITS = { contentMax: 1_000, sampleTextMax: 1_000, urlMax: 2_048 } as const;

export const REPORT_KO = {
  typeRequired: '신고 유형을 선택해 주세요.',
  typeUnknown: '알 수 없는 신고 유형이에요. 신고 유형을 다시 선택해 주세요.',
  contentRequired: '신고 내용을 입력해 주세요.',
  contentMax: `신고 내용은 ${REPORT_LIMITS.contentMax}자를 넘을 수 없어요.`,
  sampleTextMax: `첨부한 대화는 한 메시지에 ${REPORT_LIMITS.sampleTextMax}자까지예요.`,
  samplesMax: `대화 내용은 최근 ${LIMITS.reportMessageSamples}개까지만 첨부할 수 있어요.`,
  self: '나 자신은 신고할 수 없어요.',
  targetNotFound: '신고할 회원을 찾을 수 없어요.',
  roomNotFound: '대화방을 찾을 수 없어요.',
  tooMany: '신고가 너무 많아요. 잠시 후 다시 시도해 주세요.',
  urlScheme: 'http 또는 https로 시작하는 주소만 넣을 수 있어요.',
  sampleTime: '대화 시간을 알아볼 수 없어요.',
} as const;

export const reportMessageSample = z.strictObject({
  from: z.enum(['me', 'other']),
  text: quotedTextField({ max: REPORT_LIMITS.sampleTextMax, tooLong: REPORT_KO.sampleTextMax }),
  // An ISO/display string, or epoch milliseconds (`Date.now()`) kept as an ISO string.
  time: z.union([
    z.string().max(64),
    z
      .number()
      .int(REPORT_KO.sampleTime)
      .min(0, REPORT_KO.sampleTime)
      .max(8.64e15, REPORT_KO.sampleTime)
      .transform((ms) => new Date(ms).toISOString()),
  ]),
});
export type ReportSample = z.output<typeof reportMessageSample>;

/** A link an admin may open: http(s) only, never `javascript:` or `data:`; blank or absent = none. */
function isWebUrl(value: string): boolean {
  if (value === '') return true;
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

const optionalUrl = z.string().trim().max(REPORT_LIMITS.urlMax).nullish();
const evidenceUrl = z.string().trim().max(REPORT_LIMITS.urlMax).refine(isWebUrl, REPORT_KO.urlScheme).nullish();

export const reportBody = z.strictObject({
  targetMemberId: z.number().int().positive(),
  chatRoomId: z.number().int().positive().nullish(),
  // The SPA maps an unknown type to OTHER before sending; the server still refuses one clearly.
  reasonType: z.enum(REPORT_REASONS, {
    error: (iss) =>
      iss.input === undefined || iss.input === null || iss.input === ''
        ? REPORT_KO.typeRequired
        : REPORT_KO.typeUnknown,
  }),
  content: textField({
    max: REPORT_LIMITS.contentMax,
    required: REPORT_KO.contentRequired,
    tooLong: REPORT_KO.contentMax,
  }),
  evidenceUrl,
  pageUrl: optionalUrl,
  messageSamples: boundedArray(reportMessageSample, LIMITS.reportMessageSamples, REPORT_KO.samplesMax).default([]),
});
export type ReportBody = z.input<typeof reportBody>;

/**
 * 200 answer. `reports.message_samples` keeps only the samples that matched a stored message of
 * the room (text and sender; `time` becomes the stored send time); `reports.unverified_samples`
 * counts the ones that did not, so an admin sees claimed-but-unproven evidence.
 */
export type ReportResponse = { id: number; verifiedSamples: number; unverifiedSamples: number };
