import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';

/** Any unknown path. */
export function NotFoundPage() {
  const translate = useTranslate();
  return (
    <Box
      component="section"
      data-testid="not-found"
      sx={{
        flexGrow: 1,
        minHeight: '70vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 1.5,
        p: 3,
      }}
    >
      <Typography
        component="p"
        sx={{ fontSize: { xs: 96, sm: 128 }, fontWeight: 800, lineHeight: 1, color: 'primary.main' }}
      >
        {translate('app.notFound.code')}
      </Typography>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
        {translate('app.notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        {translate('app.notFound.message')}
      </Typography>
      <Button component={Link} to="/" variant="contained" size="large" sx={{ mt: 2, px: 4 }}>
        {translate('app.notFound.goHome')}
      </Button>
    </Box>
  );
}
