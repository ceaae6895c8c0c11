import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import { BulkStatusButton } from '../shared/BulkStatusButton';

/** Deactivating ends the selected people's sessions at once (the server does it); activating lets them sign in again. */
export function StaffBulkActions() {
  return (
    <>
      <BulkStatusButton
        status="active"
        label="app.access.staff.activate"
        icon={<CheckCircleOutlineIcon />}
        confirmTitle="app.access.staff.activateTitle"
        confirmContent="app.access.staff.activateContent"
        successMessage="app.access.staff.activated"
      />
      <BulkStatusButton
        status="inactive"
        label="app.access.staff.deactivate"
        icon={<BlockIcon />}
        confirmTitle="app.access.staff.deactivateTitle"
        confirmContent="app.access.staff.deactivateContent"
        successMessage="app.access.staff.deactivated"
        color="error"
      />
    </>
  );
}
