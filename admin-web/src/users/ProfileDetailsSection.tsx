// 프로필 정보 on the user detail (docs/api-extensions.md "profile-details"): every detail with the contract's Korean labels; each
// free text (자기소개, 직업 이름, each prompt answer) can be hidden with a reason, and hidden ones
// show as hidden with the reason. Focus goes back to the 숨기기 button on cancel, and to the
// section heading after a hide (the button is gone then). A hidden one can be lifted (숨김 풀기)
// once an operator has read what the member saved there since. The 목소리 소개 plays through its
// admin link (also while hidden) and is hidden and lifted the same way.
import { useRef, useState, type ReactNode } from 'react';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useTranslate } from 'react-admin';
import {
  DRINKING_LABELS,
  EDUCATION_LABELS,
  JOB_CATEGORY_LABELS,
  RELATIONSHIP_GOAL_LABELS,
  RELIGION_LABELS,
  SMOKING_LABELS,
  mbtiLabel,
  promptText,
  type HiddenDetail,
  type HideableField,
  type MyProfileDetails,
  type PromptId,
} from '@contract/profile-details';
import type { MyProfileVoice } from '@contract/voice';
import { HideDetailDialog, type HideTarget } from './HideDetailDialog';
import { UnhideDetailButton } from './UnhideDetailButton';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.25, sm: 2 }} sx={{ py: 0.75 }}>
      <Typography component="dt" sx={{ minWidth: 110, color: 'text.secondary' }}>
        {label}
      </Typography>
      <Box component="dd" sx={{ flex: 1, m: 0 }}>
        {children}
      </Box>
    </Stack>
  );
}

type Props = { memberId: number; details: MyProfileDetails | undefined; voice?: MyProfileVoice | null };

export function ProfileDetailsSection({ memberId, details, voice = null }: Props) {
  const t = useTranslate();
  const [target, setTarget] = useState<HideTarget | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const none = <Typography color="text.secondary">{t('ongi.details.none')}</Typography>;

  const hiddenOf = (field: HideableField, questionId: PromptId | null = null): HiddenDetail | undefined =>
    details?.hidden.find((h) => h.field === field && (field !== 'prompt' || h.questionId === questionId));

  /** A free text with its hidden state or a 숨기기 button. */
  const freeText = (text: string | null, field: HideableField, label: string, questionId: PromptId | null = null) =>
    text === null
      ? none
      : hideable(
          <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{text}</Typography>,
          field,
          label,
          questionId,
        );

  /** Something a member shows others, with its hidden state or a 숨기기 button. */
  const hideable = (content: ReactNode, field: HideableField, label: string, questionId: PromptId | null = null) => {
    const hidden = hiddenOf(field, questionId);
    return (
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        {content}
        {hidden ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip size="small" color="warning" icon={<VisibilityOffIcon />} label={t('ongi.details.hidden')} />
            <Typography variant="body2">{t('ongi.details.hidden_reason', { reason: hidden.reason })}</Typography>
            <UnhideDetailButton memberId={memberId} field={field} questionId={questionId} label={label} />
          </Stack>
        ) : (
          <Button
            size="small"
            color="error"
            variant="outlined"
            startIcon={<VisibilityOffIcon />}
            aria-label={t('ongi.details.hide_label', { item: label })}
            onClick={() => setTarget({ field, questionId, label })}
          >
            {t('ongi.details.hide')}
          </Button>
        )}
      </Stack>
    );
  };

  const labelled = <K extends string>(labels: Record<K, string>, value: K | null) =>
    value === null ? none : <Typography>{labels[value]}</Typography>;

  return (
    <section aria-labelledby="profile-details-title">
      <Typography
        id="profile-details-title"
        ref={headingRef}
        tabIndex={-1}
        variant="subtitle1"
        component="h3"
        sx={{ fontWeight: 700, mb: 1, outline: 'none' }}
      >
        {t('ongi.details.title')}
      </Typography>
      {!details ? (
        <Typography color="text.secondary">{t('ongi.details.missing')}</Typography>
      ) : (
        <Box component="dl" sx={{ m: 0 }}>
          <Row label={t('ongi.details.bio')}>{freeText(details.bio, 'bio', t('ongi.details.bio'))}</Row>
          <Row label={t('ongi.details.height')}>
            {details.heightCm === null ? (
              none
            ) : (
              <Typography>{t('ongi.details.height_value', { cm: details.heightCm })}</Typography>
            )}
          </Row>
          <Row label={t('ongi.details.job_category')}>{labelled(JOB_CATEGORY_LABELS, details.job.category)}</Row>
          <Row label={t('ongi.details.job_title')}>
            {freeText(details.job.title, 'jobTitle', t('ongi.details.job_title'))}
          </Row>
          <Row label={t('ongi.details.education')}>{labelled(EDUCATION_LABELS, details.education)}</Row>
          <Row label={t('ongi.details.religion')}>
            {details.religion === null ? (
              none
            ) : (
              <Typography>
                {RELIGION_LABELS[details.religion]} (
                {t(details.religionVisible ? 'ongi.details.religion_visible' : 'ongi.details.religion_private')})
              </Typography>
            )}
          </Row>
          <Row label={t('ongi.details.smoking')}>{labelled(SMOKING_LABELS, details.smoking)}</Row>
          <Row label={t('ongi.details.drinking')}>{labelled(DRINKING_LABELS, details.drinking)}</Row>
          <Row label={t('ongi.details.mbti')}>
            {details.mbti === null ? none : <Typography>{mbtiLabel(details.mbti)}</Typography>}
          </Row>
          <Row label={t('ongi.details.looking_for')}>{labelled(RELATIONSHIP_GOAL_LABELS, details.lookingFor)}</Row>
          <Row label={t('ongi.details.prompts')}>
            {details.prompts.length === 0 ? (
              <Typography color="text.secondary">{t('ongi.details.no_prompts')}</Typography>
            ) : (
              <Stack spacing={1.5}>
                {details.prompts.map((p) => {
                  const question = promptText(p.questionId) ?? p.questionId;
                  return (
                    <Box key={p.questionId}>
                      <Typography sx={{ fontWeight: 700 }}>{question}</Typography>
                      {freeText(p.answer, 'prompt', t('ongi.details.prompt_item', { question }), p.questionId)}
                    </Box>
                  );
                })}
              </Stack>
            )}
          </Row>
          <Row label={t('ongi.details.voice')}>
            {voice === null
              ? none
              : hideable(
                  <>
                    <Typography sx={{ fontWeight: 700 }}>{voice.prompt}</Typography>
                    <audio
                      controls
                      preload="none"
                      src={voice.audioUrl}
                      aria-label={t('ongi.details.voice_player', { seconds: Math.round(voice.durationMs / 1000) })}
                    />
                  </>,
                  'voice',
                  t('ongi.details.voice'),
                )}
          </Row>
        </Box>
      )}
      <HideDetailDialog
        memberId={memberId}
        target={target}
        onClose={() => setTarget(null)}
        onHidden={() => (document.getElementById('profile-details-title') ?? headingRef.current)?.focus()}
      />
    </section>
  );
}
