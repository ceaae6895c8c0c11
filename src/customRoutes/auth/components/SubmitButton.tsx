import { Button } from '@mui/material';

/** The main button of an auth form, with its loading state. */
export function SubmitButton({
  label,
  loading,
  disabled = false,
}: {
  label: string;
  loading: boolean;
  disabled?: boolean;
}) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      loading={loading}
      disabled={disabled}
      sx={{ mt: 2, py: 1.25 }}
    >
      {label}
    </Button>
  );
}
