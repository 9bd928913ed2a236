// '/signup': the member form after the agreements (docs/product-spec.md §2 "Signup", §4, §5).
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PublicFrame } from '../../components/public-frame';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';
import { SignupForm } from './signup-form';
import { readSignupStart } from './signup-start';

export function SignupPage() {
  const navigate = useNavigate();
  const [start] = useState(() => readSignupStart());

  useEffect(() => {
    if (start.ok && start.verified) return;
    // No member row before 본인확인: without a verification the form is not offered.
    showToast(start.ok ? ko.identity.needVerify : start.message, 'error');
    navigate(start.ok ? '/signup/verify' : start.redirectTo, { replace: true });
  }, [start, navigate]);

  if (!start.ok || !start.verified) return null;
  return (
    <PublicFrame>
      <div className="page">
        <div className="container container--narrow">
          <h1 className="page-title">{ko.signup.title}</h1>
          <p className="page-lead">{ko.signup.lead}</p>
          <SignupForm payload={start.payload} agreements={start.agreements} verified={start.verified} />
        </div>
      </div>
    </PublicFrame>
  );
}
