// The console shows the contract's one label per report reason (the member's form shows the same).
import { render, screen } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { AdminReport } from '@contract/admin-core';
import { REPORT_REASON_LABELS, REPORT_REASONS } from '@contract/enums';
import type { OngiDataProvider } from '../api/data-provider';
import { i18nProvider } from '../i18n/i18n-provider';
import { MemberReportsDialog } from './MemberReportsDialog';

const report = (id: number, reportType: AdminReport['reportType']): AdminReport => ({
  id,
  status: 'PENDING',
  reportType,
  memberId: 1,
  reporterName: `신고자${id}`,
  targetId: 7,
  targetName: '김온기',
  chatroomId: null,
  content: '내용',
  messageSamples: [],
  evidenceUrl: null,
  pageUrl: null,
  createdAt: '2026-11-22T00:00:00.000Z',
  reportedAt: '2026-11-22T00:00:00.000Z',
  handledAt: null,
  handledBy: null,
});

describe('report reason labels in the console', { timeout: 30_000 }, () => {
  it("shows every reason code with the contract's label", async () => {
    const reportsOf = async () => REPORT_REASONS.map((r, i) => report(i + 1, r));
    const dataProvider = { ...testDataProvider(), reportsOf } as unknown as OngiDataProvider;
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <MemberReportsDialog member={{ id: 7, name: '김온기' }} open onClose={() => undefined} />
      </AdminContext>,
    );
    for (const reason of REPORT_REASONS) expect(await screen.findByText(REPORT_REASON_LABELS[reason])).toBeTruthy();
    expect(screen.getByText('욕설·비방')).toBeTruthy();
  });
});
