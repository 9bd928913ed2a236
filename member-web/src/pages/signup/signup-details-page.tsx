// '/signup/details': the skippable step after signup's photos (docs/api-extensions.md "profile-details"). The new member may
// tell a little more (height, job, prompts …) or go on with 나중에 할게요; my page keeps the same form.
import { useNavigate } from 'react-router-dom';
import { usePromptQuestions, useProfileDetailsData, useSaveProfileDetails } from '../../api/profile-details';
import { PageLoading } from '../../components/page-loading';
import { DetailsForm, EMPTY_DETAILS } from '../../components/profile-details/details-form';
import { PublicFrame } from '../../components/public-frame';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';

export function SignupDetailsPage() {
  const navigate = useNavigate();
  const details = useProfileDetailsData();
  const prompts = usePromptQuestions();
  const save = useSaveProfileDetails();
  const t = ko.profileDetails.details;
  const done = () => navigate('/main', { replace: true });

  let body;
  if (details.isPending || prompts.isPending) body = <PageLoading label={ko.common.loading} />;
  else
    body = (
      <div className="card">
        <DetailsForm
          initial={details.data ?? EMPTY_DETAILS}
          sensitiveConsent={details.data?.sensitiveConsent !== false}
          questions={prompts.data ?? []}
          saving={save.isPending}
          // A refusal shows in the form, at its field (e.g. a contact handle in the bio).
          onSave={(body) =>
            save.mutateAsync(body).then(() => {
              showToast(t.saved, 'success');
              done();
            })
          }
        >
          <button type="button" className="btn btn--ghost" onClick={done}>
            {t.skip}
          </button>
        </DetailsForm>
      </div>
    );

  return (
    <PublicFrame>
      <div className="page">
        <div className="container container--narrow">
          <h1 className="page-title">{t.signupTitle}</h1>
          <p className="page-lead">{t.signupLead}</p>
          {body}
        </div>
      </div>
    </PublicFrame>
  );
}
