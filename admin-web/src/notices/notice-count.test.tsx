// The notice form judges blank and length as the Worker does (contract text.ts): its n/1000
// counter counts an emoji as one character and invisible characters as none.
import { fireEvent, render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { countChars } from '@contract/text';
import { i18nProvider } from '../i18n/i18n-provider';
import { NoticeForm, validateNotice } from './NoticeForm';

const t = (key: string, o?: object) => (o ? `${key} ${JSON.stringify(o)}` : key);

describe('notice text rules', () => {
  it('refuses a title and content of zero-width characters as blank', () => {
    expect(validateNotice({ title: '\u200b\u200b', content: '\u200b\ufeff\u2060' }, t)).toEqual({
      title: 'ongi.notices.title_required',
      content: 'ongi.notices.content_required',
    });
  });

  it('takes 1000 emoji and refuses 1001', () => {
    expect(validateNotice({ title: '점검', content: '😀'.repeat(1000) }, t)).toEqual({});
    expect(validateNotice({ title: '점검', content: '😀'.repeat(1001) }, t)).toEqual({
      content: 'ongi.notices.over_limit {"max":1000}',
    });
  });
});

describe('notice counter', { timeout: 30_000 }, () => {
  it('shows the count the Worker makes', async () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <NoticeForm submitLabel="등록하기" />
      </AdminContext>,
    );
    const counter = await screen.findByTestId('notice-counter');
    const content = screen.getByRole('textbox', { name: '내용' });
    const text = `👨‍👩‍👧 점검\u200b${'😀'.repeat(997)}`;
    fireEvent.change(content, { target: { value: text } });
    expect(countChars(text)).toBe(1001);
    expect(counter.textContent).toBe('1001/1000');
    fireEvent.change(content, { target: { value: '😀'.repeat(1000) } });
    expect(counter.textContent).toBe('1000/1000');
  });
});
