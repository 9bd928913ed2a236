// The report detail shows the evidence as it was: a photo sample as its picture, an unsent message labelled.
import { render, screen } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { AdminReport } from '@contract/admin-core';
import { i18nProvider } from '../i18n/i18n-provider';
import { ReportDetail } from './ReportDetail';

const report: AdminReport = {
  id: 1,
  status: 'PENDING',
  reportType: 'ABUSE',
  memberId: 1,
  reporterName: '신고자',
  targetId: 7,
  targetName: '김온기',
  chatroomId: 3,
  content: '사진과 메시지를 보냈다가 지웠어요',
  messageSamples: [
    { from: 'other', text: '사진을 보냈어요', time: '2026-11-22T00:00:00.000Z', imageUrl: 'https://x.test/p.webp' },
    { from: 'other', text: '지운 욕설', time: '2026-11-22T00:01:00.000Z', unsent: true },
    { from: 'me', text: '왜 그러세요', time: '2026-11-22T00:02:00.000Z' },
    {
      from: 'other',
      text: '음성 메시지를 보냈어요',
      time: '2026-11-22T00:03:00.000Z',
      audioUrl: 'https://x.test/v.webm',
    },
  ],
  evidenceUrl: null,
  pageUrl: null,
  createdAt: '2026-11-22T00:00:00.000Z',
  reportedAt: '2026-11-22T00:00:00.000Z',
  handledAt: null,
  handledBy: null,
};

describe('report detail evidence', { timeout: 30_000 }, () => {
  it('shows a photo sample as its picture and labels an unsent message', async () => {
    render(
      <AdminContext dataProvider={testDataProvider()} i18nProvider={i18nProvider}>
        <ReportDetail report={report} />
      </AdminContext>,
    );
    const img = await screen.findByRole('img', { name: '보낸 사진' });
    expect(img.getAttribute('src')).toBe('https://x.test/p.webp');
    expect(screen.queryByText('사진을 보냈어요')).toBeNull();
    expect(screen.getByText('보낸 뒤 취소한 메시지')).toBeTruthy();
    expect(screen.getByText('지운 욕설')).toBeTruthy();
    expect(screen.getAllByText('보낸 뒤 취소한 메시지')).toHaveLength(1);
    // A voice note sample plays through its admin link.
    const voice = screen.getByLabelText('보낸 음성 메시지');
    expect(voice.tagName).toBe('AUDIO');
    expect(voice.getAttribute('src')).toBe('https://x.test/v.webm');
  });
});
