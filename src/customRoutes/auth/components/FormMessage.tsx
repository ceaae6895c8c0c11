import { Alert, type AlertColor } from '@mui/material';

/** A message above or under an auth form (nothing when there is no message). */
export function FormMessage({ message, severity = 'error' }: { message?: string; severity?: AlertColor }) {
  if (!message) return null;
  return (
    <Alert
      severity={severity}
      role={severity === 'error' ? 'alert' : 'status'}
      sx={{ my: 1.5, alignSelf: 'stretch' }}
      data-testid="form-message"
    >
      {message}
    </Alert>
  );
}
