import SaveIcon from '@mui/icons-material/Save';
import { Button, CircularProgress } from '@mui/material';

/** A form's submit button with a spinner while the request runs. */
export function SubmitButton({ label, pending }: { label: string; pending: boolean }) {
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={pending}
      startIcon={pending ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
    >
      {label}
    </Button>
  );
}
