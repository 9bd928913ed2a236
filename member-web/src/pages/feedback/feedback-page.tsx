// '/feedback': the feedback form as a page (members); visitors are invited to sign in first.
import '../../styles/feedback.css';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { FeedbackForm } from '../../components/feedback-dialog/feedback-form';
import { LoginModal } from '../../components/login-modal';
import { ko } from '../../i18n/ko';
import { hasAccessToken } from '../../lib/storage';

export function FeedbackPage() {
  const navigate = useNavigate();
  const [loginOpen, setLoginOpen] = useState(false);
  const t = ko.feedback;
  const member = hasAccessToken();

  return (
    <div className="page feedback-page">
      <div className="container container--narrow">
        <h1 className="page-title">{t.page.title}</h1>
        <p className="page-lead">{t.page.lead}</p>
        <div className="card feedback-page__card">
          {member ? (
            <>
              <FeedbackForm onDone={() => navigate('/mypage?tab=feedback')} />
              <p className="feedback-page__more">
                <Link to="/mypage?tab=feedback">{t.page.myList}</Link>
              </p>
            </>
          ) : (
            <div className="feedback-page__guest">
              <h2 className="section-title">{t.page.signInTitle}</h2>
              <p className="muted">{t.page.signInBody}</p>
              <button type="button" className="btn btn--primary" onClick={() => setLoginOpen(true)}>
                {t.page.signIn}
              </button>
              <LoginModal open={loginOpen} onOpenChange={setLoginOpen} />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
