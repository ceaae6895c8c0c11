import { Box, CircularProgress, Typography } from '@mui/material';
import { Suspense, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** What loading screens show: a spinner and `LOADING...`. */
export function LoadingScreen() {
  const translate = useTranslate();
  return (
    <Box
      role="status"
      data-testid="loading-screen"
      sx={{
        minHeight: '60vh',
        flexGrow: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress />
      <Typography sx={{ fontWeight: 600, letterSpacing: 1 }} color="text.secondary">
        {translate('app.loading')}
      </Typography>
    </Box>
  );
}

/** Shows the loading screen while a lazily loaded screen arrives. */
export function WhileLoading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingScreen />}>{children}</Suspense>;
}
