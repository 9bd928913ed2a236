// What a member under 19 sees instead of any page (docs/trust.md "Adults only"): why, in Korean, and the two things
// they can still do — download their data and delete their account (the account tab's own flows).
import '../../styles/mypage.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { queryClient } from '../../api/query-client';
import { ko } from '../../i18n/ko';
import { clearMemberState } from '../../lib/storage';
import { clearUnder19 } from '../../lib/under19-store';
import { AccountTab } from '../../pages/mypage/account-tab';
import { YouthMarkSymbol } from './youth-mark';
import './adults.css';

export function Under19Screen() {
  const navigate = useNavigate();
  const t = ko.adults.gate;
  const leave = () => {
    clearMemberState();
    clearUnder19();
    navigate('/', { replace: true });
  };
  return (
    <main className="center-state under19-screen" aria-labelledby="under19-title">
      <YouthMarkSymbol size={64} />
      <h1 id="under19-title" className="page-title">
        {t.title}
      </h1>
      <div className="under19-screen__body">
        <p>{t.lead}</p>
        <p>{t.what}</p>
        <p className="muted">{t.choices}</p>
        <section aria-labelledby="under19-account">
          <h2 id="under19-account" className="visually-hidden">
            {ko.mypage.tabs.account}
          </h2>
          {/* The gate sits above the routes' query layout: the account tab gets the same client. */}
          <QueryClientProvider client={queryClient}>
            <AccountTab />
          </QueryClientProvider>
        </section>
      </div>
      <button type="button" className="btn btn--secondary" onClick={leave}>
        {t.home}
      </button>
    </main>
  );
}

export default Under19Screen;
