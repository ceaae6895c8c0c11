import LocalTaxiIcon from '@mui/icons-material/LocalTaxi';
import { Box } from '@mui/material';
import { brandColors } from '../theme';

/** The product mark: a taxi on an orange tile (white tile with `inverted`). */
export function ProductLogo({ size = 36, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: `${Math.round(size / 3.6)}px`,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: inverted ? 'common.white' : brandColors.orange,
        color: inverted ? brandColors.orangeDark : 'common.white',
      }}
    >
      <LocalTaxiIcon sx={{ fontSize: size * 0.6 }} />
    </Box>
  );
}
