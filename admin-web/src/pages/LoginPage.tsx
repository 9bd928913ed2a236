// react-admin's login page (after a logout or an expired session): the console's login form
// (LoginForm.tsx, also the first screen main.tsx paints), signing in through the authProvider.
import { Notification, useLogin } from 'react-admin';
import { LoginForm } from './LoginForm';

export function LoginPage() {
  const login = useLogin();
  return (
    <LoginForm onLogin={(email, password) => login({ email, password })}>
      <Notification />
    </LoginForm>
  );
}
