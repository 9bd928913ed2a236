// The console's login form (spec: email and password) in plain elements and its own small style
// sheet, so it paints before react-admin and MUI have loaded: main.tsx shows it on its own at first
// load, and react-admin shows it (LoginPage) after a logout. A failure shows '로그인에 실패했어요'
// with the server's reason (wrong credentials, too many attempts, …).
import { useState, type FormEvent, type ReactNode } from 'react';
import { authKo } from '../i18n/ko-auth';
import './login.css';

function reasonOf(err: unknown): string | null {
  return err instanceof Error && err.message ? err.message : null;
}

export type LoginFormProps = {
  /** Signs in; rejects with the reason to show. The form stays busy after success (the console replaces it). */
  onLogin: (email: string, password: string) => Promise<unknown>;
  /** The first sign that someone is about to sign in (typing, pointing at the button). */
  onIntent?: () => void;
  children?: ReactNode;
};

export function LoginForm({ onLogin, onIntent, children }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ reason: string | null } | null>(null);
  const t = authKo;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setFailure(null);
    try {
      await onLogin(email.trim(), password);
    } catch (err) {
      setFailure({ reason: reasonOf(err) });
      setPending(false);
    }
  };

  return (
    <main className="ongi-login">
      <div className="ongi-login__card">
        <h1 className="ongi-login__title">{t.title}</h1>
        <p className="ongi-login__subtitle">{t.subtitle}</p>
        <form onSubmit={onSubmit} onInput={onIntent} noValidate>
          <div className="ongi-login__field">
            <label htmlFor="ongi-login-email">
              {t.email}
              <span aria-hidden="true"> *</span>
            </label>
            <input
              id="ongi-login-email"
              type="email"
              name="email"
              autoComplete="username"
              autoFocus
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              disabled={pending}
            />
          </div>
          <div className="ongi-login__field">
            <label htmlFor="ongi-login-password">
              {t.password}
              <span aria-hidden="true"> *</span>
            </label>
            <input
              id="ongi-login-password"
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              disabled={pending}
            />
          </div>
          {failure && (
            <div className="ongi-login__alert" role="alert">
              <p className="ongi-login__alert-title">{t.login_failed}</p>
              {failure.reason}
            </div>
          )}
          <button
            type="submit"
            className="ongi-login__submit"
            disabled={pending || !email.trim() || !password}
            onPointerEnter={onIntent}
          >
            {pending ? t.signing_in : t.sign_in}
          </button>
        </form>
      </div>
      {children}
    </main>
  );
}
