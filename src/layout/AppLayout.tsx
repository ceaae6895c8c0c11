import { Layout, type LayoutProps } from 'react-admin';
import { RequireSession } from '../auth/RequireSession';
import { TOP_BAR_HEIGHT } from '../theme';
import { AppMenu } from './AppMenu';
import { MainTopBar } from './AppTopBar';
import { WhileLoading } from './LoadingScreen';

const belowTopBar = `calc(100vh - ${TOP_BAR_HEIGHT}px)`;

/** The main layout at /: the 65 px top bar and the collapsible 260 px menu, for signed-in staff only. */
export function AppLayout({ children }: LayoutProps) {
  return (
    <RequireSession>
      <Layout
        appBar={MainTopBar}
        menu={AppMenu}
        appBarAlwaysOn
        sx={{
          '& .RaLayout-appFrame': { marginTop: `${TOP_BAR_HEIGHT}px` },
          '& .RaLayout-content': { px: { xs: 1.5, sm: 3 }, pb: 3 },
          '& .RaSidebar-root, & .RaSidebar-fixed': { height: belowTopBar },
          '& .RaSidebar-fixed': {
            bgcolor: 'background.paper',
            borderRight: 1,
            borderColor: 'divider',
            overflowY: 'auto',
          },
        }}
      >
        <WhileLoading>{children}</WhileLoading>
      </Layout>
    </RequireSession>
  );
}
