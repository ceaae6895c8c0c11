import { Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { config } from '../config';
import { ProductLogo } from './ProductLogo';

/** The product title (VITE_APP_TITLE) with its mark, as shown in the top bar; it leads to the dashboard. */
export function ProductTitle() {
  return (
    <Stack
      component={Link}
      to="/"
      direction="row"
      alignItems="center"
      spacing={1.25}
      sx={{ minWidth: 0, color: 'inherit', textDecoration: 'none', borderRadius: '6px' }}
    >
      <ProductLogo size={34} />
      <Typography component="span" variant="h6" noWrap data-testid="product-title" sx={{ fontWeight: 700 }}>
        {config.appTitle}
      </Typography>
    </Stack>
  );
}
