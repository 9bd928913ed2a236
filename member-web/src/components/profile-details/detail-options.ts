// Choices and limits of the profile details (docs/api-extensions.md "profile-details"): the contract's codes and Korean labels
// as select options.
import {
  DRINKING_LABELS,
  EDUCATION_LABELS,
  JOB_CATEGORY_LABELS,
  MBTI_TYPES,
  PROFILE_DETAIL_LIMITS,
  RELATIONSHIP_GOAL_LABELS,
  RELIGION_LABELS,
  SMOKING_LABELS,
  mbtiLabel,
} from '@contract/profile-details-core';

export type Option = { value: string; label: string };

export const DETAIL_LIMITS = PROFILE_DETAIL_LIMITS;

const opts = (labels: Readonly<Record<string, string>>): Option[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

export {
  DRINKING_LABELS,
  EDUCATION_LABELS,
  JOB_CATEGORY_LABELS,
  RELATIONSHIP_GOAL_LABELS,
  RELIGION_LABELS,
  SMOKING_LABELS,
};

export const DETAIL_OPTIONS = {
  jobCategory: opts(JOB_CATEGORY_LABELS),
  education: opts(EDUCATION_LABELS),
  religion: opts(RELIGION_LABELS),
  smoking: opts(SMOKING_LABELS),
  drinking: opts(DRINKING_LABELS),
  lookingFor: opts(RELATIONSHIP_GOAL_LABELS),
  mbti: MBTI_TYPES.map((v) => ({ value: v, label: mbtiLabel(v) })),
};

export const labelOf = (labels: Readonly<Record<string, string>>, value: string | null | undefined): string | null =>
  value ? (labels[value] ?? value) : null;
