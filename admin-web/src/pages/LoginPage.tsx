// react-admin's login page (after a logout or an expired session): the console's login form
// (LoginForm.tsx, also the first screen main.tsx paints), signing in through the authProvider,
// then 2단계 인증 (SecondFactorForm) when the password step leaves it owed; once both pass, the
// console reloads at its home (so every cached answer of the signed-out console is gone).
import { useState } from 'react';
import { Notification } from 'react-admin';
import type { AdminLoginResponse } from '@contract/admin-auth';
import { authProvider } from '../api/auth-provider';
import { LoginForm } from './LoginForm';
import { SecondFactorForm } from './SecondFactorForm';

const openConsoleHome = () => {
  window.location.hash = '#/';
  window.location.reload();
};

export function LoginPage() {
  const [owed, setOwed] = useState<AdminLoginResponse | null>(null);
  if (owed) {
    return (
      <SecondFactorForm
        state={owed.secondFactor}
        name={owed.name}
        onDone={openConsoleHome}
        onCancel={() => setOwed(null)}
      />
    );
  }
  return (
    <LoginForm
      onLogin={async (email, password) => {
        const res = await authProvider.login({ email, password });
        if (res.secondFactor === 'ENROL' || res.secondFactor === 'VERIFY') setOwed(res);
        else openConsoleHome();
      }}
    >
      <Notification />
    </LoginForm>
  );
}
