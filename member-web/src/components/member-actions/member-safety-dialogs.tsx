// 신고하기 and 차단하기 for a member, outside the profile modal (the chat room's ⋮ menu, community
// posts and comments): the modal's own report form and block flow, unchanged.
import type { ReportReason } from '@contract/enums';
import type { MessageSample } from '../../api/reports';
import { ko } from '../../i18n/ko';
import { ConfirmDialog } from '../confirm-dialog';
import { Modal } from '../modal';
import { LazyReportForm } from '../profile-modal/lazy-report-form';
import { useBlockFlow } from '../profile-modal/use-block';

export type SafetyTarget = { memberId: number; name: string; imageUrl?: string | null };
export type SafetyAction = 'report' | 'block';

export function MemberSafetyDialogs(props: {
  /** What is open, and for whom; null: nothing. */
  open: { action: SafetyAction; target: SafetyTarget } | null;
  onClose: () => void;
  chatRoomId?: number;
  getMessageSamples?: () => MessageSample[];
  /** The report form starts filled in (opened from a message: chat safety notices, blurred photos). */
  reportPrefill?: { reasonType?: ReportReason; content?: string };
  onBlocked?: (memberId: number) => void;
}) {
  const { open, onClose } = props;
  const blockFlow = useBlockFlow((id) => props.onBlocked?.(id));
  const target = open?.target;
  const t = ko.profile;
  return (
    <>
      <Modal
        open={open?.action === 'report'}
        onOpenChange={(next) => {
          if (!next) onClose();
        }}
        title={t.report.title}
      >
        {open?.action === 'report' && target ? (
          <LazyReportForm
            targetMemberId={target.memberId}
            summary={{ name: target.name, imageUrl: target.imageUrl ?? undefined }}
            chatRoomId={props.chatRoomId}
            getMessageSamples={props.getMessageSamples}
            prefill={props.reportPrefill}
            onBack={onClose}
            onSent={onClose}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        open={open?.action === 'block'}
        onOpenChange={(next) => {
          if (!next) onClose();
        }}
        title={target ? t.block.confirmTitle(target.name) : ''}
        description={t.block.confirmBody}
        confirmLabel={t.block.confirmLabel}
        onConfirm={() => (target ? blockFlow.confirm(target.memberId, target.name) : undefined)}
      />
    </>
  );
}
