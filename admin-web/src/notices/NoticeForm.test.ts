import { describe, expect, it } from 'vitest';
import { validateNotice } from './NoticeForm';

const t = (key: string, o?: object) => (o ? `${key} ${JSON.stringify(o)}` : key);

describe('validateNotice', () => {
  it('takes content of exactly 1000 characters and refuses 1001', () => {
    expect(validateNotice({ title: '점검', content: '가'.repeat(1000) }, t)).toEqual({});
    expect(validateNotice({ title: '점검', content: '가'.repeat(1001) }, t)).toEqual({
      content: 'ongi.notices.over_limit {"max":1000}',
    });
  });

  it('needs a title and content that are not blank', () => {
    expect(validateNotice({ title: '  ', content: '\n' }, t)).toEqual({
      title: 'ongi.notices.title_required',
      content: 'ongi.notices.content_required',
    });
  });
});
