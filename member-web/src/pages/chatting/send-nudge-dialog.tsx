// '정말 보낼까요?' (docs/safety.md "In chat"; Tinder's "Are You Sure?"): before a message or a chat-request intro
// the detector flags ABUSE or SEXUAL (SENDER_NUDGED_KINDS) goes out, the sender sees why, kindly,
// and chooses 수정하기 (back to the text, as it was) or 보내기. Closing it (Escape) is 수정하기.
import type { SafetyKind } from '@contract/safety/kinds';
import { Modal } from '../../components/modal';
import { ko } from '../../i18n/ko';

export function SendNudgeDialog(props: {
  /** The nudged kinds of the draft; null: closed. */
  kinds: readonly SafetyKind[] | null;
  onEdit: () => void;
  onSend: () => void;
}) {
  const t = ko.chatSafety;
  const kinds = props.kinds ?? [];
  return (
    <Modal
      open={props.kinds !== null}
      onOpenChange={(open) => {
        if (!open) props.onEdit();
      }}
      title={t.nudgeTitle}
      description={
        <>
          {kinds.map((k) => (
            <span key={k} className="send-nudge__reason">
              {t.nudgeReason[k]}{' '}
            </span>
          ))}
          {t.nudgeHint}
        </>
      }
      hideClose
    >
      <div className="dialog__actions">
        <button type="button" className="btn btn--secondary" onClick={props.onEdit}>
          {t.nudgeEdit}
        </button>
        <button type="button" className="btn btn--primary" onClick={props.onSend}>
          {t.nudgeSend}
        </button>
      </div>
    </Modal>
  );
}
