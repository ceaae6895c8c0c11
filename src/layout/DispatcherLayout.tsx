import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { DISPATCHER_SIDE_WIDTH, TOP_BAR_HEIGHT } from '../theme';
import { AppTopBar } from './AppTopBar';
import { SosBanner } from './SosBanner';

/**
 * From 900 px: the window's height, the 330 px side area beside the main area, the SOS banner at
 * the top of the main area. Narrower (a phone, or 400 % zoom): one column that the page scrolls,
 * the banner first, then the booking, then the map and the board.
 */
const WIDE = 'md';

const GRID_SX = {
  display: 'grid',
  pt: `${TOP_BAR_HEIGHT}px`,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', [WIDE]: `${DISPATCHER_SIDE_WIDTH}px minmax(0, 1fr)` },
  gridTemplateRows: { xs: 'auto', [WIDE]: 'auto minmax(0, 1fr)' },
  gridTemplateAreas: { xs: '"banner" "side" "main"', [WIDE]: '"side banner" "side main"' },
  flexGrow: 1,
  minHeight: 0,
} as const;

/**
 * The dispatcher's own layout: the top bar without the menu, a 330 px side area and the main area,
 * with the SOS banner above the main area. The page using it opens the realtime socket around it
 * (RealtimeProvider), so that its own state can listen too.
 */
export function DispatcherLayout({ side, children }: { side: ReactNode; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box
      sx={{
        height: { [WIDE]: '100vh' },
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
      }}
    >
      <AppTopBar withMenu={false} />
      <Box sx={GRID_SX}>
        {/* In the flow, not over the map: the map's own controls (zoom) stay visible and usable. */}
        <Box
          sx={{ gridArea: 'banner', minWidth: 0, px: { xs: 1.5, sm: 3 }, '& [data-testid="sos-banner"]': { mb: 0 } }}
        >
          <SosBanner />
        </Box>
        <Box
          component="aside"
          data-testid="dispatcher-side"
          sx={{
            gridArea: 'side',
            minWidth: 0,
            overflowY: { [WIDE]: 'auto' },
            bgcolor: 'background.paper',
            borderInlineEnd: { [WIDE]: '1px solid' },
            borderBottom: { xs: '1px solid', [WIDE]: 'none' },
            borderColor: 'divider',
          }}
        >
          {side}
        </Box>
        <Box
          component="main"
          data-testid="dispatcher-main"
          sx={{ gridArea: 'main', minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' }}
        >
          {/* The page's one level-1 heading (and its tab title), for those who navigate by headings. */}
          <Typography component="h1" className="visually-hidden">
            {translate('app.menu.dispatcher')}
          </Typography>
          <Box sx={{ flexGrow: 1, minHeight: 0, position: 'relative' }}>{children}</Box>
        </Box>
      </Box>
    </Box>
  );
}
