// The report form shows the contract's one label per reason code (the console shows the same).
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REPORT_REASON_LABELS, REPORT_REASONS } from '@contract/enums';
import { ReportForm } from './report-form';

describe('report form reasons', () => {
  it("lists every reason with the contract's label", () => {
    render(
      <ReportForm targetMemberId={7} summary={{ name: '김온기' }} onBack={() => undefined} onSent={() => undefined} />,
    );
    const options = within(screen.getByRole('combobox', { name: '신고 유형' })).getAllByRole('option');
    expect(options.slice(1).map((o) => [o.getAttribute('value'), o.textContent])).toEqual(
      REPORT_REASONS.map((r) => [r, REPORT_REASON_LABELS[r]]),
    );
    expect(screen.getByRole('option', { name: '욕설·비방' })).toBeInTheDocument();
  });
});
