// 계정: download my data (JSON file) and 회원 탈퇴 behind a typed confirmation.
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ACCOUNT_DELETE_CONFIRMATION, deleteAccount, exportMyData } from '../../api/mypage';
import { Modal } from '../../components/modal';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';
import { clearMemberState } from '../../lib/storage';
import { clearUnder19 } from '../../lib/under19-store';

function saveTextFile(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [phrase, setPhrase] = useState('');
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const client = useQueryClient();
  const inputId = useId();
  const hintId = useId();
  const t = ko.mypage.account;
  const matches = phrase.trim() === ACCOUNT_DELETE_CONFIRMATION;

  const deleteAfterTyping = async () => {
    setBusy(true);
    try {
      await deleteAccount();
    } catch {
      setBusy(false);
      showToast(t.deleteFailed, 'error');
      return;
    }
    clearMemberState();
    clearUnder19();
    client.clear();
    showToast(t.deleted, 'success', 8_000);
    navigate('/', { replace: true });
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (!next) setPhrase('');
        onOpenChange(next);
      }}
      title={t.dialogTitle}
      description={t.dialogBody}
      hideClose
    >
      <form
        className="account-delete"
        onSubmit={(e) => {
          e.preventDefault();
          if (matches && !busy) void deleteAfterTyping();
        }}
      >
        <div className="field">
          <label htmlFor={inputId} className="field__label">
            {t.phraseLabel}
          </label>
          <input
            id={inputId}
            className="input"
            value={phrase}
            onChange={(e) => setPhrase(e.target.value)}
            onKeyDown={(e) => {
              // Enter that ends a Hangul syllable must not delete the account.
              if (e.key === 'Enter' && (e.nativeEvent.isComposing || e.keyCode === 229)) e.preventDefault();
            }}
            placeholder={ACCOUNT_DELETE_CONFIRMATION}
            autoComplete="off"
            aria-describedby={hintId}
          />
          <p id={hintId} className="field__hint">
            {t.phraseHint}
          </p>
        </div>
        <div className="dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {t.keep}
          </button>
          <button type="submit" className="btn account__danger" disabled={!matches || busy}>
            {busy ? t.deleting : t.confirm}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function AccountTab() {
  const [exporting, setExporting] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const t = ko.mypage.account;

  const download = async () => {
    setExporting(true);
    try {
      const text = await exportMyData();
      saveTextFile(text, t.fileName(new Date().toISOString().slice(0, 10)));
      showToast(t.exported, 'success');
    } catch {
      showToast(t.exportFailed, 'error');
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="account">
      <section className="account__section" aria-labelledby="account-export">
        <h3 id="account-export" className="account__title">
          {t.exportTitle}
        </h3>
        <p className="muted">{t.exportLead}</p>
        <button type="button" className="btn btn--secondary" onClick={() => void download()} disabled={exporting}>
          {exporting ? t.exporting : t.exportButton}
        </button>
      </section>
      <section className="account__section account__section--danger" aria-labelledby="account-delete">
        <h3 id="account-delete" className="account__title">
          {t.deleteTitle}
        </h3>
        <p className="muted">{t.deleteLead}</p>
        <button type="button" className="btn account__danger" onClick={() => setDeleteOpen(true)}>
          {t.deleteButton}
        </button>
      </section>
      <DeleteAccountDialog open={deleteOpen} onOpenChange={setDeleteOpen} />
    </div>
  );
}
