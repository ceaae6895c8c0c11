import { Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { config } from '../config';
import { ProductLogo } from './ProductLogo';

/**
 * The product title (VITE_APP_TITLE) with its mark, as shown in the top bar; it leads to the
 * dashboard. With `markOnlyOnPhones`, below 600 px the mark alone (the link keeps the name).
 */
export function ProductTitle({ markOnlyOnPhones = false }: { markOnlyOnPhones?: boolean }) {
  return (
    <Stack
      component={Link}
      to="/"
      aria-label={markOnlyOnPhones ? config.appTitle : undefined}
      direction="row"
      alignItems="center"
      spacing={1.25}
      sx={{ minWidth: 0, color: 'inherit', textDecoration: 'none', borderRadius: '6px' }}
    >
      <ProductLogo size={34} />
      <Typography
        component="span"
        variant="h6"
        noWrap
        data-testid="product-title"
        sx={{ fontWeight: 700, display: markOnlyOnPhones ? { xs: 'none', sm: 'block' } : undefined }}
      >
        {config.appTitle}
      </Typography>
    </Stack>
  );
}
