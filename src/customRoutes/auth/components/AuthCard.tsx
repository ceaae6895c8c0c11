import { Box, Card, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { LocalesMenuButton, useTranslate } from 'react-admin';
import { config } from '../../../config';
import { ProductLogo } from '../../../layout/ProductLogo';

interface AuthCardProps {
  heading: string;
  /** The browser tab's name for the page when the heading is not one (documentTitle.ts). */
  documentTitle?: string;
  children: ReactNode;
}

/** The auth screens' card: the product's logo panel and the form side by side, half and half. */
export function AuthCard({ heading, documentTitle, children }: AuthCardProps) {
  const translate = useTranslate();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: { xs: 1.5, sm: 3 },
      }}
    >
      <Card
        elevation={0}
        sx={{
          width: '100%',
          maxWidth: 940,
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          border: 1,
          borderColor: 'divider',
          boxShadow: '0 12px 40px rgba(31, 41, 55, 0.08)',
        }}
      >
        <Stack
          data-testid="auth-logo-panel"
          alignItems="center"
          justifyContent="center"
          spacing={2}
          sx={{
            p: { xs: 3, md: 6 },
            minHeight: { md: 540 },
            color: 'common.white',
            textAlign: 'center',
            background: (theme) =>
              `linear-gradient(150deg, ${theme.palette.primary.light} 0%, ${theme.palette.primary.main} 45%, ${theme.palette.primary.dark} 100%)`,
          }}
        >
          <ProductLogo size={76} inverted />
          <Typography component="p" variant="h4" sx={{ fontWeight: 700 }} data-testid="auth-product-title">
            {config.appTitle}
          </Typography>
          <Typography component="p" variant="body1" sx={{ opacity: 0.9, maxWidth: 280 }}>
            {translate('app.auth.tagline')}
          </Typography>
        </Stack>
        <Box sx={{ p: { xs: 3, sm: 5 }, display: 'flex', flexDirection: 'column', justifyContent: 'center' }}>
          <Box data-testid="locale-menu" sx={{ alignSelf: 'flex-end', marginBlockStart: { xs: -1.5, sm: -3 } }}>
            <LocalesMenuButton />
          </Box>
          <Typography component="h1" variant="h4" data-document-title={documentTitle} sx={{ fontWeight: 700, mb: 3 }}>
            {heading}
          </Typography>
          {children}
        </Box>
      </Card>
    </Box>
  );
}
