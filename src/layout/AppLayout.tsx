import { useEffect } from 'react';
import { Layout, type LayoutProps } from 'react-admin';
import { loadPhoneRules } from '../domain/fieldRules';
import { RequireSession } from '../auth/RequireSession';
import { RealtimeProvider } from '../realtime/RealtimeProvider';
import { TOP_BAR_HEIGHT } from '../theme';
import { AppMenu } from './AppMenu';
import { MainTopBar } from './AppTopBar';
import { RouteFocus } from './RouteFocus';
import { SkipLink } from './SkipLink';
import { SosBanner } from './SosBanner';
import { WhileLoading } from './LoadingScreen';

const belowTopBar = `calc(100vh - ${TOP_BAR_HEIGHT}px)`;

/**
 * The main layout at /: the 65 px top bar and the collapsible 260 px menu, for
 * signed-in staff only, with their realtime socket open and the red SOS banner over every page.
 */
export function AppLayout({ children }: LayoutProps) {
  // The phone rules (libphonenumber-js) are not on /login: fetched once staff are in, before any form needs them.
  useEffect(() => void loadPhoneRules(), []);
  return (
    <RequireSession>
      <RealtimeProvider>
        <SkipLink />
        <RouteFocus />
        <Layout
          appBar={MainTopBar}
          menu={AppMenu}
          appBarAlwaysOn
          sx={{
            // Never wider than the window: a wide table scrolls inside its card
            // instead of pushing the page (and the list's actions) off screen.
            minWidth: 0,
            // SkipLink.tsx replaces it.
            '& .skip-nav-button': { display: 'none' },
            // Focused by the skip link to start the Tab order there, not to be seen.
            '& #main-content:focus': { outline: 'none' },
            '& .RaLayout-appFrame': { marginTop: `${TOP_BAR_HEIGHT}px` },
            // The page scrolls under the fixed top bar: the SOS banner sticks below it, not behind it.
            '& [data-testid="sos-banner"]': { top: `${TOP_BAR_HEIGHT}px` },
            '& .RaLayout-content': { px: { xs: 1.5, sm: 3 }, pb: 3, minWidth: 0 },
            '& .RaList-main': { minWidth: 0 },
            '& .RaDataTable-tableWrapper, & .RaDatagrid-tableWrapper': { overflowX: 'auto' },
            '& .RaSidebar-root, & .RaSidebar-fixed': { height: belowTopBar },
            '& .RaSidebar-fixed': {
              bgcolor: 'background.paper',
              borderInlineEnd: '1px solid',
              borderColor: 'divider',
              overflowY: 'auto',
            },
          }}
        >
          <SosBanner />
          <WhileLoading>{children}</WhileLoading>
        </Layout>
      </RealtimeProvider>
    </RequireSession>
  );
}
