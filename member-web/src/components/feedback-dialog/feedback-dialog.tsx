// The feedback dialog opened from the navigation (create) and from my page (edit).
import '../../styles/feedback.css';
import type { FeedbackItem } from '../../api/feedback';
import { ko } from '../../i18n/ko';
import { Modal } from '../modal';
import { FeedbackForm } from './feedback-form';

interface FeedbackDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  editing?: FeedbackItem | null;
}

export function FeedbackDialog({ open, onOpenChange, editing }: FeedbackDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? ko.feedback.editTitle : ko.feedback.createTitle}
      description={editing ? undefined : ko.feedback.lead}
    >
      <div className="feedback-dialog">
        <FeedbackForm editing={editing} onDone={() => onOpenChange(false)} onCancel={() => onOpenChange(false)} />
      </div>
    </Modal>
  );
}
