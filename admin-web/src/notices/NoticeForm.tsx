// 공지 등록/수정 form (docs/product-spec.md §5): title and content required, content at most 1000 characters with
// a live length/1000 counter; over the limit a warning shows and the submit button is disabled.
import { FormHelperText, Stack } from '@mui/material';
import { SaveButton, SimpleForm, TextInput, Toolbar, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { LIMITS } from '@contract/limits';
import { countChars, normalizeText } from '@contract/text';

const MAX = LIMITS.noticeContent;

export type NoticeDraft = { title?: string; content?: string };

/**
 * The form's rules, one message per field (react-admin shows them under the inputs). Blank and
 * length as the Worker judges them (contract text.ts): invisible characters are not text, an
 * emoji is one character.
 */
export function validateNotice(values: NoticeDraft, t: (key: string, o?: object) => string) {
  const errors: Record<string, string> = {};
  if (!normalizeText(values.title ?? '')) errors.title = t('ongi.notices.title_required');
  if (!normalizeText(values.content ?? '')) errors.content = t('ongi.notices.content_required');
  else if (countChars(values.content ?? '') > MAX) errors.content = t('ongi.notices.over_limit', { max: MAX });
  return errors;
}

function ContentCounter() {
  const t = useTranslate();
  const content = useWatch<NoticeDraft>({ name: 'content' }) as string | undefined;
  const length = countChars(content ?? '');
  const over = length > MAX;
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', width: '100%', mt: -1, mb: 1 }}>
      <FormHelperText error role={over ? 'alert' : undefined}>
        {over ? t('ongi.notices.over_limit', { max: MAX }) : ''}
      </FormHelperText>
      <FormHelperText error={over} aria-live="polite" data-testid="notice-counter">
        {t('ongi.notices.counter', { count: length, max: MAX })}
      </FormHelperText>
    </Stack>
  );
}

function NoticeToolbar({ label }: { label: string }) {
  const content = useWatch<NoticeDraft>({ name: 'content' }) as string | undefined;
  const over = countChars(content ?? '') > MAX;
  return (
    <Toolbar>
      <SaveButton label={label} disabled={over} alwaysEnable={!over} />
    </Toolbar>
  );
}

export function NoticeForm({ submitLabel }: { submitLabel: string }) {
  const t = useTranslate();
  return (
    <SimpleForm
      toolbar={<NoticeToolbar label={submitLabel} />}
      validate={(values) => validateNotice(values as NoticeDraft, t)}
      sx={{ maxWidth: 760 }}
    >
      <TextInput source="title" label={t('ongi.notices.title')} fullWidth />
      <TextInput source="content" label={t('ongi.notices.content')} multiline minRows={10} fullWidth />
      <ContentCounter />
    </SimpleForm>
  );
}
