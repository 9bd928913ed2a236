// The reusable profile modal (docs/product-spec.md §2 "Profile modal"): profile mode (photos, facts, heart,
// report, block, go to profile) and report mode. Others open it from chat and matching screens.
import '../../styles/profile.css';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useProfile } from '../../api/profiles';
import { ko } from '../../i18n/ko';
import { ConfirmDialog } from '../confirm-dialog';
import { CloseIcon } from '../icons';
import { useOpenedOnce } from '../../lib/idle';
import { useReturnFocus } from '../use-return-focus';
import { ImageViewer } from './image-viewer';
import { requestedIdIssue } from './normalize-profile';
import { ProfileDetails } from './profile-details';
import { ProfileFailure, ProfileLoading } from './profile-states';
import { LazyReportForm, loadReportForm } from './lazy-report-form';
import { useBlockFlow } from './use-block';

type ProfileModalProps = {
  memberId: number | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  chatRoomId?: number;
  getMessageSamples?: () => { from: 'me' | 'other'; text: string; time: string }[];
  /** Called after the member was blocked (the modal has closed by then). */
  onBlocked?: (memberId: number) => void;
};

/** Mounted from its first opening on, as `Modal` is (a closed Radix dialog costs the first commit). */
export function ProfileModal(props: ProfileModalProps) {
  return useOpenedOnce(props.open) ? <OpenedProfileModal {...props} /> : null;
}

function OpenedProfileModal(props: ProfileModalProps) {
  const { memberId, open, onOpenChange, chatRoomId, getMessageSamples, onBlocked } = props;
  const [mode, setMode] = useState<'profile' | 'report'>('profile');
  const headingId = useId();
  const returnFocus = useReturnFocus(open);
  const issue = requestedIdIssue(memberId, chatRoomId !== undefined);
  const query = useProfile(memberId, open && issue === null);
  const reading = query.data;
  const profile = reading?.ok ? reading.profile : null;
  const blockFlow = useBlockFlow((id) => {
    onOpenChange(false);
    onBlocked?.(id);
  });
  const t = ko.profile;

  useEffect(() => {
    if (open) setMode('profile');
  }, [open, memberId]);

  // A profile on screen: its report form starts loading (it is not on the page's own path).
  const shown = profile !== null;
  useEffect(() => {
    if (shown) void loadReportForm().catch(() => undefined);
  }, [shown]);

  let title: string = t.dialogTitle;
  if (mode === 'report') title = t.report.title;
  else if (profile) title = t.page.title(profile.name);

  let body;
  if (issue) body = <ProfileFailure reason={issue} />;
  else if (query.isPending) body = <ProfileLoading />;
  else if (query.isError) body = <ProfileFailure error={query.error} />;
  else if (reading && !reading.ok) body = <ProfileFailure reason={reading.reason} />;
  else if (profile && mode === 'report') {
    body = (
      <LazyReportForm
        targetMemberId={profile.memberId}
        summary={{ name: profile.name, age: profile.age, imageUrl: profile.images[0]?.url }}
        chatRoomId={chatRoomId}
        getMessageSamples={getMessageSamples}
        onBack={() => setMode('profile')}
        onSent={() => setMode('profile')}
      />
    );
  } else if (profile) {
    body = (
      <div className="profile-modal__body">
        <ImageViewer images={profile.images} name={profile.name} arrowKeys={open && !blockFlow.asking} />
        <ProfileDetails
          profile={profile}
          headingId={headingId}
          as="h3"
          onReport={() => setMode('report')}
          onBlock={() => blockFlow.setAsking(true)}
        >
          <Link to={`/profiles/${profile.memberId}`} className="btn btn--primary" onClick={() => onOpenChange(false)}>
            {t.actions.goToProfile}
          </Link>
        </ProfileDetails>
      </div>
    );
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className={`dialog profile-modal${mode === 'report' ? ' profile-modal--report' : ''}`}
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocus}
        >
          <Dialog.Title className={mode === 'report' ? 'dialog__title' : 'visually-hidden'}>{title}</Dialog.Title>
          {body}
          <Dialog.Close className="icon-btn dialog__close" aria-label={ko.common.close}>
            <CloseIcon size={18} />
          </Dialog.Close>
          {profile ? (
            <ConfirmDialog
              open={blockFlow.asking}
              onOpenChange={blockFlow.setAsking}
              title={t.block.confirmTitle(profile.name)}
              description={t.block.confirmBody}
              confirmLabel={t.block.confirmLabel}
              onConfirm={() => blockFlow.confirm(profile.memberId, profile.name)}
            />
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
