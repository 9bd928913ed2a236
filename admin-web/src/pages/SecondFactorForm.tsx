// 2단계 인증 (docs/safety.md "Operator sign-in"), after the password: an operator who has not
// enrolled scans a QR code (or types the key) into an authenticator app, confirms with the first
// code and saves 10 recovery codes (copy, download, then '저장했어요'); an enrolled one enters the
// app's 6-digit code or a recovery code. Plain elements and the login form's style sheet, like
// LoginForm, so it paints before react-admin loads.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import type { SecondFactorState } from '@contract/admin-auth';
import { secondFactorApi, type SecondFactorApi } from '../api/second-factor';
import { authKo, fill } from '../i18n/ko-auth';
import './login.css';

const t = authKo.second_factor;

const reasonOf = (err: unknown): string | null => (err instanceof Error && err.message ? err.message : null);

export type SecondFactorFormProps = {
  state: Exclude<SecondFactorState, 'DONE'>;
  /** Who signed in with the password (shown so a shared computer's user knows whose step this is). */
  name?: string;
  /** Both factors passed: open the console. */
  onDone: () => void;
  /** Back to the password step (the half-signed-in session is ended). */
  onCancel: () => void;
  api?: SecondFactorApi;
};

function Alert({ title, reason }: { title: string; reason: string | null }) {
  return (
    <div className="ongi-login__alert" role="alert">
      <p className="ongi-login__alert-title">{title}</p>
      {reason}
    </div>
  );
}

function Card({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <main className="ongi-login">
      <div className="ongi-login__card">
        <h1 className="ongi-login__title">{title}</h1>
        {lead && <p className="ongi-login__subtitle">{lead}</p>}
        {children}
      </div>
    </main>
  );
}

/** One input (6-digit code or recovery code) with its submit button and failure. */
function CodeForm({
  kind,
  submitLabel,
  onSubmit,
}: {
  kind: 'code' | 'recovery';
  submitLabel: string;
  onSubmit: (value: string) => Promise<void>;
}) {
  const id = useId();
  const [value, setValue] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ reason: string | null } | null>(null);
  const ready = kind === 'code' ? /^\d{6}$/.test(value.replace(/\s/g, '')) : value.trim().length > 0;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || !ready) return;
    setPending(true);
    setFailure(null);
    try {
      await onSubmit(kind === 'code' ? value.replace(/\s/g, '') : value.trim());
    } catch (err) {
      setFailure({ reason: reasonOf(err) });
      setValue('');
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <div className="ongi-login__field">
        <label htmlFor={id}>
          {kind === 'code' ? t.code : t.recovery_code}
          <span aria-hidden="true"> *</span>
        </label>
        {kind === 'code' ? (
          <input
            id={id}
            name="one-time-code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={7}
            autoFocus
            required
            value={value}
            onChange={(e) => setValue(e.target.value)}
            disabled={pending}
          />
        ) : (
          <input
            id={id}
            name="recovery-code"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            autoFocus
            required
            value={value}
            onChange={(e) => setValue(e.target.value)}
            disabled={pending}
          />
        )}
      </div>
      {failure && <Alert title={t.failed} reason={failure.reason} />}
      <button type="submit" className="ongi-login__submit" disabled={pending || !ready}>
        {pending ? t.verifying : submitLabel}
      </button>
    </form>
  );
}

function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const [copyStatus, setCopyStatus] = useState('');
  const [saved, setSaved] = useState(false);
  const checkId = useId();
  const text = codes.join('\n');
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(`${text}\n`)}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopyStatus(t.copied);
    } catch {
      setCopyStatus(t.copy_failed);
    }
  };

  return (
    <Card title={t.codes_title} lead={t.codes_lead}>
      <ol className="ongi-login__codes" aria-label={t.codes_list}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="ongi-login__row">
        <button type="button" className="ongi-login__secondary" onClick={() => void copy()}>
          {t.copy}
        </button>
        <a className="ongi-login__secondary" href={download} download={t.download_name}>
          {t.download}
        </a>
      </div>
      <p className="ongi-login__status" role="status">
        {copyStatus}
      </p>
      <div className="ongi-login__check">
        <input id={checkId} type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} />
        <label htmlFor={checkId}>{t.saved_check}</label>
      </div>
      <button type="button" className="ongi-login__submit" disabled={!saved} onClick={onSaved}>
        {t.saved}
      </button>
    </Card>
  );
}

function Enrol({ api, onConfirmed }: { api: SecondFactorApi; onConfirmed: (codes: string[]) => void }) {
  const [enrolment, setEnrolment] = useState<Awaited<ReturnType<SecondFactorApi['enrol']>> | null>(null);
  const [loadError, setLoadError] = useState<string | null | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoadError(undefined);
    api.enrol().then(
      (e) => live && setEnrolment(e),
      (err: unknown) => live && setLoadError(reasonOf(err)),
    );
    return () => {
      live = false;
    };
  }, [api, attempt]);

  if (loadError !== undefined) {
    return (
      <>
        <Alert title={t.enrol_load_failed} reason={loadError} />
        <button type="button" className="ongi-login__submit" onClick={() => setAttempt((n) => n + 1)}>
          {t.retry}
        </button>
      </>
    );
  }
  if (!enrolment) return <p role="status">{t.enrol_loading}</p>;
  const groups = enrolment.secret.match(/.{1,4}/g)?.join(' ') ?? enrolment.secret;
  return (
    <>
      <img
        className="ongi-login__qr"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
        alt={t.qr_alt}
        width={200}
        height={200}
      />
      <p className="ongi-login__hint">{t.manual_key}</p>
      <p className="ongi-login__key">
        <code>{groups}</code>
      </p>
      <p className="ongi-login__hint">{t.enrol_code_lead}</p>
      <CodeForm
        kind="code"
        submitLabel={t.enrol_submit}
        onSubmit={async (code) => onConfirmed((await api.confirm(code)).recoveryCodes)}
      />
    </>
  );
}

export function SecondFactorForm({ state, name, onDone, onCancel, api = secondFactorApi }: SecondFactorFormProps) {
  const [phase, setPhase] = useState<'enrol' | 'verify' | 'recovery'>(state === 'ENROL' ? 'enrol' : 'verify');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [leaving, setLeaving] = useState(false);

  if (codes) return <RecoveryCodes codes={codes} onSaved={onDone} />;

  const cancel = async () => {
    setLeaving(true);
    await api.logout();
    onCancel();
  };
  const who = name ? <span className="ongi-login__who">{fill(t.signed_in_as, { name })}</span> : null;
  const footer = (
    <div className="ongi-login__links">
      {phase !== 'enrol' && (
        <button
          type="button"
          className="ongi-login__link"
          onClick={() => setPhase(phase === 'verify' ? 'recovery' : 'verify')}
        >
          {phase === 'verify' ? t.use_recovery : t.use_app}
        </button>
      )}
      <button type="button" className="ongi-login__link" disabled={leaving} onClick={() => void cancel()}>
        {t.cancel}
      </button>
    </div>
  );

  if (phase === 'enrol') {
    return (
      <Card
        title={t.enrol_title}
        lead={
          <>
            {t.enrol_lead} {who}
          </>
        }
      >
        <Enrol api={api} onConfirmed={setCodes} />
        {footer}
      </Card>
    );
  }
  return (
    <Card
      title={t.title}
      lead={
        <>
          {phase === 'verify' ? t.verify_lead : t.recovery_lead} {who}
        </>
      }
    >
      {/* key: a fresh form (empty, focused) when switching between the two */}
      <CodeForm
        key={phase}
        kind={phase === 'verify' ? 'code' : 'recovery'}
        submitLabel={t.verify}
        onSubmit={async (value) => {
          await (phase === 'verify' ? api.verifyCode(value) : api.verifyRecoveryCode(value));
          onDone();
        }}
      />
      {footer}
    </Card>
  );
}
