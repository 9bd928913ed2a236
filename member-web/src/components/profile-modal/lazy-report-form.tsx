// The report form loads when someone opens it: its checks use the contract's zod schema, which
// nothing else on the matching pages needs (zod and the schemas were ~18 KB gzip and the largest
// long task of /main and /random/matching at load). Opening a profile starts the download, so the
// form is usually there before 신고하기 is pressed.
import { lazy, Suspense, type ComponentProps } from 'react';
import type { ReportForm as ReportFormType } from './report-form';
import { ProfileLoading } from './profile-states';

export const loadReportForm = () => import('./report-form');
const ReportForm = lazy(() => loadReportForm().then((m) => ({ default: m.ReportForm })));

export function LazyReportForm(props: ComponentProps<typeof ReportFormType>) {
  return (
    <Suspense fallback={<ProfileLoading />}>
      <ReportForm {...props} />
    </Suspense>
  );
}
