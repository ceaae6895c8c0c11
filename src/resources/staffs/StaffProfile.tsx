import { Box } from '@mui/material';
import { Show, useTranslate } from 'react-admin';
import { useParams } from 'react-router';
import { useSession } from '../../auth/useSession';
import { ScreenAccess } from '../shared/ScreenAccess';
import { OwnProfile } from './OwnProfile';
import { StaffSummary } from './StaffSummary';

/** Another staff member's profile, read-only (needs view-Staff). */
function OthersProfile({ id }: { id: string }) {
  const translate = useTranslate();
  return (
    <ScreenAccess action="show">
      <Show id={id} actions={false} component="div" title={translate('app.access.profile.othersTitle')}>
        <Box sx={{ mt: 2 }}>
          <StaffSummary />
        </Box>
      </Show>
    </ScreenAccess>
  );
}

/**
 * /staff-management/profile/:id: the signed-in staff member edits their own
 * names and photo and changes their password (any role may); another staff
 * member's profile is read-only.
 */
export default function StaffProfile() {
  const { id = '' } = useParams();
  const me = useSession()?.userInfo;
  if (me && String(me.id) === id) return <OwnProfile me={me} />;
  return <OthersProfile id={id} />;
}
