// Landing screen after login: who is signed in. Figures (members, reports, feedback) come with the
// admin issue from real endpoints — nothing is invented here.
import { Card, CardContent, Typography } from '@mui/material';
import { Title, useGetIdentity, useTranslate } from 'react-admin';

export function Dashboard() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const name = identity?.fullName ?? '';
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('ongi.dashboard.title')} />
      <CardContent>
        {name && (
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            {translate('ongi.dashboard.greeting', { name })}
          </Typography>
        )}
        <Typography sx={{ mt: 1 }}>{translate('ongi.dashboard.signed_in')}</Typography>
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {translate('ongi.dashboard.figures_later')}
        </Typography>
      </CardContent>
    </Card>
  );
}
