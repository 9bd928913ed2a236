// 가치관 질문 (docs/values.md): request schemas and response shapes of /api/on/values/*, shared by
// the Worker and the member SPA. The question catalogue and the 궁합 formula are the zod-free half
// (value-questions.ts, values-core.ts).
import { z } from 'zod';
import { boundedArray } from './bounded-array';
import { VALUE_QUESTIONS, valueQuestion, type ValueCategory } from './value-questions';
import { VALUE_IMPORTANCES, type ValueImportance } from './values-core';

export * from './value-questions';
export * from './values-core';

export const VALUES_LIMITS = {
  /** Answers in one PUT: the whole catalogue fits, nothing more. */
  perPut: VALUE_QUESTIONS.length,
  /** Saves and removals a member may make in a window (an answer flood costs one 429). */
  writes: { max: 60, windowSeconds: 600 },
  /** Questions suggested after signup. */
  suggested: 5,
} as const;

export const VALUES_KO = {
  tooMany: `한 번에 ${VALUE_QUESTIONS.length}개까지 저장할 수 있어요.`,
  notArray: '답변 목록을 보내 주세요.',
  unknownQuestion: '없는 질문이에요.',
  unknownAnswer: '이 질문에 없는 답이에요.',
  acceptRequired: '상대에게 바라는 답을 하나 이상 골라 주세요.',
  acceptUnknown: '이 질문에 없는 답을 골랐어요.',
  acceptDuplicate: '같은 답을 두 번 골랐어요.',
  duplicateQuestion: '같은 질문에 두 번 답했어요.',
  importance: '얼마나 중요한지 골라 주세요.',
  publicFlag: '공개 여부를 골라 주세요.',
  tooOften: '답변을 너무 자주 바꿨어요. 잠시 후 다시 시도해 주세요.',
  notFound: '답하지 않은 질문이에요.',
} as const;

const id = z
  .number({ error: VALUES_KO.unknownQuestion })
  .int(VALUES_KO.unknownQuestion)
  .positive(VALUES_KO.unknownQuestion);

export const valueAnswerInput = z
  .strictObject({
    questionId: id,
    answerId: z.number({ error: VALUES_KO.unknownAnswer }).int(VALUES_KO.unknownAnswer),
    accept: boundedArray(
      z.number({ error: VALUES_KO.acceptUnknown }).int(VALUES_KO.acceptUnknown),
      4,
      VALUES_KO.acceptUnknown,
      VALUES_KO.acceptRequired,
    ),
    importance: z.enum(VALUE_IMPORTANCES, { error: VALUES_KO.importance }),
    public: z.boolean({ error: VALUES_KO.publicFlag }),
  })
  .superRefine((a, ctx) => {
    const question = valueQuestion(a.questionId);
    if (!question) {
      ctx.addIssue({ code: 'custom', path: ['questionId'], message: VALUES_KO.unknownQuestion });
      return;
    }
    const ids = new Set(question.answers.map((x) => x.id));
    if (!ids.has(a.answerId)) ctx.addIssue({ code: 'custom', path: ['answerId'], message: VALUES_KO.unknownAnswer });
    if (a.accept.length === 0) ctx.addIssue({ code: 'custom', path: ['accept'], message: VALUES_KO.acceptRequired });
    else if (a.accept.some((x) => !ids.has(x)))
      ctx.addIssue({ code: 'custom', path: ['accept'], message: VALUES_KO.acceptUnknown });
    else if (new Set(a.accept).size !== a.accept.length)
      ctx.addIssue({ code: 'custom', path: ['accept'], message: VALUES_KO.acceptDuplicate });
  });
export type ValueAnswerInput = z.infer<typeof valueAnswerInput>;

/** PUT /api/on/values/answers: the answers to save (upserted); others stay as they are. */
export const valueAnswersBody = boundedArray(
  valueAnswerInput,
  VALUES_LIMITS.perPut,
  VALUES_KO.tooMany,
  VALUES_KO.notArray,
).superRefine((list, ctx) => {
  if (new Set(list.map((a) => a.questionId)).size !== list.length)
    ctx.addIssue({ code: 'custom', path: [], message: VALUES_KO.duplicateQuestion });
});

/** GET /api/on/values/questions. */
export type ValueQuestionView = {
  id: number;
  category: ValueCategory;
  text: string;
  answers: { id: number; text: string }[];
};

/** GET / PUT /api/on/values/answers: my answers (PUT answers with all of them after saving). */
export type MyValueAnswer = {
  questionId: number;
  answerId: number;
  accept: number[];
  importance: ValueImportance;
  public: boolean;
};

/**
 * On the profile: a question both answered whose answer the OTHER member made public — their
 * answer, and whether it is one I accept. Private answers never appear here.
 */
export type SharedValueAnswer = {
  questionId: number;
  question: string;
  answer: string;
  fits: boolean;
};
