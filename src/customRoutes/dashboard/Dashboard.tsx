import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSession } from '../../auth/useSession';
import { PageCard } from '../PageCard';

/** The index page. Its cards and charts (GET /api/trip/dashboard/…) are a later issue. */
export default function Dashboard() {
  const translate = useTranslate();
  const session = useSession();
  return (
    <PageCard title={translate('app.pages.dashboard')} testId="dashboard">
      {session && (
        <Typography variant="h6" sx={{ mb: 1 }}>
          {translate('app.pages.welcome', { name: session.userInfo.fullName })}
        </Typography>
      )}
      <Typography color="text.secondary">{translate('app.pages.dashboardPending')}</Typography>
    </PageCard>
  );
}
