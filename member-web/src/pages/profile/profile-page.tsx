// '/profile/:memberId' and '/profiles/:memberId': the modal's profile as a full page, with heart, report and block.
import '../../styles/profile.css';
import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useProfile } from '../../api/profiles';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ChevronLeftIcon } from '../../components/icons';
import { ImageViewer } from '../../components/profile-modal/image-viewer';
import { ProfileDetails } from '../../components/profile-modal/profile-details';
import { ProfileFailure, ProfileLoading } from '../../components/profile-modal/profile-states';
import { LazyReportForm, loadReportForm } from '../../components/profile-modal/lazy-report-form';
import { useBlockFlow } from '../../components/profile-modal/use-block';
import { ko } from '../../i18n/ko';

function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function ProfilePage() {
  const params = useParams();
  const memberId = parseId(params.memberId);
  const query = useProfile(memberId);
  const navigate = useNavigate();
  const location = useLocation();
  const headingId = useId();
  const [reporting, setReporting] = useState(false);
  const blockFlow = useBlockFlow(() => navigate('/mypage?tab=blocks', { replace: true }));
  const t = ko.profile;
  const reading = query.data;
  const profile = reading?.ok ? reading.profile : null;
  // A profile on screen: its report form starts loading (it is not on the page's own path).
  const shown = profile !== null;
  useEffect(() => {
    if (shown) void loadReportForm().catch(() => undefined);
  }, [shown]);

  let body;
  if (memberId === null) body = <ProfileFailure reason="MISSING_MEMBER_ID" />;
  else if (query.isPending) body = <ProfileLoading />;
  else if (query.isError) body = <ProfileFailure error={query.error} />;
  else if (reading && !reading.ok) body = <ProfileFailure reason={reading.reason} />;
  else if (profile) {
    body = (
      <div className="profile-page__layout">
        <ImageViewer images={profile.images} name={profile.name} arrowKeys={!reporting && !blockFlow.asking} />
        <div className="card profile-page__side">
          {reporting ? (
            <>
              <h2 className="section-title">{t.report.title}</h2>
              <LazyReportForm
                targetMemberId={profile.memberId}
                summary={{ name: profile.name, age: profile.age, imageUrl: profile.images[0]?.url }}
                onBack={() => setReporting(false)}
                onSent={() => setReporting(false)}
              />
            </>
          ) : (
            <ProfileDetails
              profile={profile}
              headingId={headingId}
              as="h1"
              onReport={() => setReporting(true)}
              onBlock={() => blockFlow.setAsking(true)}
            />
          )}
        </div>
        <ConfirmDialog
          open={blockFlow.asking}
          onOpenChange={blockFlow.setAsking}
          title={t.block.confirmTitle(profile.name)}
          description={t.block.confirmBody}
          confirmLabel={t.block.confirmLabel}
          onConfirm={() => blockFlow.confirm(profile.memberId, profile.name)}
        />
      </div>
    );
  }

  return (
    <div className="page profile-page">
      <div className="container">
        <button
          type="button"
          className="btn btn--ghost profile-page__back"
          onClick={() => (location.key === 'default' ? navigate('/mypage?tab=likes') : navigate(-1))}
        >
          <ChevronLeftIcon size={18} />
          {t.page.back}
        </button>
        {profile ? null : <h1 className="visually-hidden">{t.dialogTitle}</h1>}
        {body}
      </div>
    </div>
  );
}
