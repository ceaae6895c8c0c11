import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { DISPATCHER_SIDE_WIDTH, TOP_BAR_HEIGHT } from '../theme';
import { AppTopBar } from './AppTopBar';
import { SosBanner } from './SosBanner';

/**
 * The dispatcher's own layout: the top bar without the menu, a 330 px side
 * area and the main area, with the SOS banner at the top of the main area. The page
 * using it opens the realtime socket around it (RealtimeProvider), so that its
 * own state can listen too.
 */
export function DispatcherLayout({ side, children }: { side: ReactNode; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ height: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppTopBar withMenu={false} />
      <Box sx={{ display: 'flex', flexGrow: 1, minHeight: 0, pt: `${TOP_BAR_HEIGHT}px` }}>
        <Box
          component="aside"
          data-testid="dispatcher-side"
          sx={{
            width: DISPATCHER_SIDE_WIDTH,
            flexShrink: 0,
            overflowY: 'auto',
            bgcolor: 'background.paper',
            borderInlineEnd: '1px solid',
            borderColor: 'divider',
          }}
        >
          {side}
        </Box>
        <Box
          component="main"
          data-testid="dispatcher-main"
          sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}
        >
          {/* The page's one level-1 heading (and its tab title), for those who navigate by headings. */}
          <Typography component="h1" className="visually-hidden">
            {translate('app.menu.dispatcher')}
          </Typography>
          {/* In the flow, not over the map: the map's own controls (zoom) stay visible and usable. */}
          <Box sx={{ flexShrink: 0, px: { xs: 1.5, sm: 3 }, '& [data-testid="sos-banner"]': { mb: 0 } }}>
            <SosBanner />
          </Box>
          <Box sx={{ flexGrow: 1, minHeight: 0, position: 'relative' }}>{children}</Box>
        </Box>
      </Box>
    </Box>
  );
}
