import { AppBar, Box, Toolbar, Tooltip } from '@mui/material';
import { LoadingIndicator, LocalesMenuButton, SidebarToggleButton, TitlePortal, useTranslate } from 'react-admin';
import { TOP_BAR_HEIGHT } from '../theme';
import { NotificationBellSlot } from './NotificationBellSlot';
import { ProductTitle } from './ProductTitle';
import { ProfileButton } from './ProfileButton';

/**
 * The 65 px top bar: the product title, the language menu, the notification bell and the
 * profile button; in the main layout also the menu toggle and the page's title.
 */
export function AppTopBar({ withMenu = true }: { withMenu?: boolean }) {
  const translate = useTranslate();
  return (
    <AppBar
      position="fixed"
      color="inherit"
      data-testid="top-bar"
      sx={{
        height: TOP_BAR_HEIGHT,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        zIndex: (theme) => theme.zIndex.drawer + 1,
      }}
    >
      <Toolbar disableGutters sx={{ minHeight: `${TOP_BAR_HEIGHT - 1}px !important`, px: 1.5, gap: 1 }}>
        {withMenu && <SidebarToggleButton />}
        <ProductTitle />
        {withMenu && (
          // The page's title behind a divider; both disappear on pages without a title (404, loading).
          <TitlePortal
            variant="subtitle1"
            sx={{
              fontWeight: 600,
              color: 'text.secondary',
              display: { xs: 'none', sm: 'block' },
              marginInlineStart: 1.5,
              paddingInlineStart: 2.5,
              borderInlineStart: '1px solid',
              borderColor: 'divider',
              '&:empty': { display: 'none' },
            }}
          />
        )}
        <Box sx={{ flexGrow: 1 }} />
        <LoadingIndicator />
        <Tooltip title={translate('app.locale.menu')} describeChild>
          <Box data-testid="locale-menu" sx={{ display: { xs: 'none', sm: 'block' } }}>
            <LocalesMenuButton />
          </Box>
        </Tooltip>
        <NotificationBellSlot />
        <ProfileButton />
      </Toolbar>
    </AppBar>
  );
}

/** The main layout's top bar (react-admin passes AppBar props, which it does not need). */
export const MainTopBar = () => <AppTopBar withMenu />;
