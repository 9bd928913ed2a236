// 나를 소개해요: my profile details and prompt cards, my 목소리 소개 (voice-intro-section.tsx), with how complete they are (docs/api-extensions.md "profile-details").
import { usePromptQuestions, useProfileDetailsData, useSaveProfileDetails } from '../../api/profile-details';
import { CompletenessMeter } from '../../components/profile-details/completeness';
import { DetailsForm } from '../../components/profile-details/details-form';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';
import { TabFailure, TabLoading } from './tab-state';
import { VoiceIntroSection } from './voice-intro-section';

export function DetailsTab() {
  const details = useProfileDetailsData();
  const prompts = usePromptQuestions();
  const save = useSaveProfileDetails();
  const t = ko.profileDetails.details;
  if (details.isPending || prompts.isPending) return <TabLoading />;
  if (details.isError) return <TabFailure error={details.error} onRetry={() => void details.refetch()} />;
  if (prompts.isError) return <TabFailure error={prompts.error} onRetry={() => void prompts.refetch()} />;
  const data = details.data;

  return (
    <div>
      <p className="muted">{t.lead}</p>
      <CompletenessMeter details={data} />
      <VoiceIntroSection />
      <DetailsForm
        key={details.dataUpdatedAt}
        initial={data}
        sensitiveConsent={data.sensitiveConsent !== false}
        hiddenCount={data.hidden?.length ?? 0}
        questions={prompts.data}
        saving={save.isPending}
        // A refusal shows in the form, at its field (e.g. a contact handle in the bio).
        onSave={(body) => save.mutateAsync(body).then(() => showToast(t.saved, 'success'))}
      />
    </div>
  );
}
