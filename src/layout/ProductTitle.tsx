import { Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { config } from '../config';
import { ProductLogo } from './ProductLogo';

/**
 * The product title (VITE_APP_TITLE) with its mark, as shown in the top bar; it leads to the
 * dashboard. With `narrow`, the mark alone below 900 px (the link keeps the name), and nothing below
 * 600 px, where the page's title needs the room (the menu leads to the dashboard too).
 */
export function ProductTitle({ narrow = false }: { narrow?: boolean }) {
  return (
    <Stack
      component={Link}
      to="/"
      aria-label={narrow ? config.appTitle : undefined}
      direction="row"
      alignItems="center"
      spacing={1.25}
      sx={{
        minWidth: 0,
        color: 'inherit',
        textDecoration: 'none',
        borderRadius: '6px',
        display: narrow ? { xs: 'none', sm: 'flex' } : undefined,
      }}
    >
      <ProductLogo size={34} />
      <Typography
        component="span"
        variant="h6"
        noWrap
        data-testid="product-title"
        sx={{ fontWeight: 700, display: narrow ? { xs: 'none', md: 'block' } : undefined }}
      >
        {config.appTitle}
      </Typography>
    </Stack>
  );
}
