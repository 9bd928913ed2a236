// The console's login screen (spec: email and password). A failure shows '로그인에 실패했어요'
// with the server's reason (wrong credentials, too many attempts, …).
import { useState, type FormEvent } from 'react';
import { Alert, AlertTitle, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { Notification, useLogin, useTranslate } from 'react-admin';

function reasonOf(err: unknown): string | null {
  return err instanceof Error && err.message ? err.message : null;
}

export function LoginPage() {
  const login = useLogin();
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ reason: string | null } | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setFailure(null);
    try {
      await login({ email: email.trim(), password });
    } catch (err) {
      setFailure({ reason: reasonOf(err) });
      setPending(false);
    }
  };

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }} elevation={2}>
        <CardContent sx={{ p: 4 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, color: 'primary.main' }}>
            {translate('ongi.auth.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 3 }}>
            {translate('ongi.auth.subtitle')}
          </Typography>
          <form onSubmit={onSubmit} noValidate>
            <TextField
              label={translate('ongi.auth.email')}
              type="email"
              name="email"
              autoComplete="username"
              autoFocus
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              disabled={pending}
            />
            <TextField
              label={translate('ongi.auth.password')}
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              disabled={pending}
            />
            {failure && (
              <Alert severity="error" sx={{ mt: 2 }}>
                <AlertTitle>{translate('ongi.auth.login_failed')}</AlertTitle>
                {failure.reason}
              </Alert>
            )}
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              disabled={pending || !email.trim() || !password}
              sx={{ mt: 3 }}
            >
              {translate(pending ? 'ongi.auth.signing_in' : 'ongi.auth.sign_in')}
            </Button>
          </form>
        </CardContent>
      </Card>
      <Notification />
    </Box>
  );
}
