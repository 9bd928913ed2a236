// What a banned member sees instead of any page: the reason, the end (or 영구 정지) and where to appeal.
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MemberBan } from '@contract/member-ban';
import { ko } from '../../i18n/ko';
import { clearBan, useBan } from '../../lib/ban-store';
import { formatDateTime } from '../../lib/dates';
import { clearMemberState } from '../../lib/storage';
import './ban-screen.css';

export function BanScreen({ ban }: { ban: MemberBan }) {
  const navigate = useNavigate();
  const t = ko.ban;
  const leave = () => {
    // The session is of no use any more: forget it, so the landing page does not ask again.
    clearMemberState();
    clearBan();
    navigate('/', { replace: true });
  };
  const end = ban.until ? formatDateTime(ban.until) : '';
  return (
    <main className="center-state ban-screen" aria-labelledby="ban-screen-title">
      <h1 id="ban-screen-title" className="page-title">
        {t.title}
      </h1>
      <p className="muted">{t.lead}</p>
      <dl className="ban-screen__facts">
        <div className="ban-screen__fact">
          <dt>{t.reasonLabel}</dt>
          <dd>{ban.reason ?? t.noReason}</dd>
        </div>
        <div className="ban-screen__fact">
          <dt>{t.untilLabel}</dt>
          <dd>{end ? t.until(end) : t.permanent}</dd>
        </div>
      </dl>
      <section className="ban-screen__appeal" aria-labelledby="ban-screen-appeal">
        <h2 id="ban-screen-appeal" className="ban-screen__appeal-title">
          {t.appealTitle}
        </h2>
        <p>{t.appeal}</p>
        <a href={`mailto:${t.appealEmail}`}>{t.appealEmail}</a>
      </section>
      <button type="button" className="btn btn--primary" onClick={leave}>
        {t.home}
      </button>
    </main>
  );
}

/** The page, or the ban screen once the server said this member is banned. */
export function BanGate({ children }: { children: ReactNode }) {
  const ban = useBan();
  return ban ? <BanScreen ban={ban} /> : children;
}
