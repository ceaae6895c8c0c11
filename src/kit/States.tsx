import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** Nothing to show yet: one line in the secondary colour, with an optional action under it. */
export function EmptyState({ message, action }: { message: ReactNode; action?: ReactNode }) {
  return (
    <Box data-testid="empty-state">
      <Typography variant="body2" color="text.secondary">
        {message}
      </Typography>
      {action && <Box sx={{ mt: 1 }}>{action}</Box>}
    </Box>
  );
}

/** A part of a page still loading: a spinner with an accessible name. */
export function LoadingState({ label }: { label?: string }) {
  const translate = useTranslate();
  return (
    <Box data-testid="loading-state" sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
      <CircularProgress size={28} aria-label={label ?? translate('ra.page.loading')} />
    </Box>
  );
}

/** A part of a page that failed to load: the message and, when given, a retry button. */
export function ErrorState({ message, onRetry }: { message: ReactNode; onRetry?: () => void }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      data-testid="error-state"
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            {translate('ra.action.retry', { _: 'Retry' })}
          </Button>
        )
      }
    >
      {message}
    </Alert>
  );
}
