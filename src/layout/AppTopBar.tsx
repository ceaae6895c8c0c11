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
      <Toolbar
        disableGutters
        sx={{ minHeight: `${TOP_BAR_HEIGHT - 1}px !important`, px: { xs: 1, sm: 1.5 }, gap: { xs: 0.5, sm: 1 } }}
      >
        {withMenu && <SidebarToggleButton />}
        {/* Narrower than 900 px the product's mark alone, and none below 600 px: the page's title needs the room. */}
        <ProductTitle narrow={withMenu} />
        {withMenu && (
          // The page's title behind a divider (the page's level-1 heading unless it has its own:
          // documentTitle.ts), at every width; both disappear on pages without a title (404, loading).
          // A div, not MUI's h6: a level-1 heading by its role alone, not a level-6 one by its tag as well.
          <TitlePortal variant="subtitle1" component="div" sx={PAGE_TITLE_SX} />
        )}
        <LoadingIndicator sx={{ marginInlineStart: 'auto' }} />
        <Tooltip title={translate('app.locale.menu')} describeChild>
          {/* The profile menu holds the language too, at every width. */}
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

/**
 * Below 900 px the title takes up to three lines of a smaller type (all of "Attestation de revenus des
 * chauffeurs" at 320 px) rather than being cut to a letter or two; wider, one line.
 */
const PAGE_TITLE_SX = {
  fontWeight: 600,
  // The page's name is the bar's main text once the product's has given way to it.
  color: { xs: 'text.primary', md: 'text.secondary' },
  minWidth: 0,
  fontSize: { xs: '0.875rem', md: '1rem' },
  lineHeight: { xs: 1.25, md: 1.75 },
  whiteSpace: { xs: 'normal', md: 'nowrap' },
  overflowWrap: 'break-word',
  display: { xs: '-webkit-box', md: 'block' },
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  // react-admin's title comes wrapped in an inline-block span, which neither wraps nor ends in an ellipsis.
  '& span': { display: 'inline' },
  marginInlineStart: { xs: 0.5, md: 1.5 },
  paddingInlineStart: { xs: 0, md: 2.5 },
  borderInlineStart: { xs: 'none', md: '1px solid' },
  borderColor: 'divider',
  '&:empty': { display: 'none' },
  // As wide as its words (react-admin's portal fills the bar): the focus ring a page change puts on
  // it (RouteFocus.tsx) circles the title, not the bar's empty middle. The loading indicator's
  // automatic margin keeps the buttons at the end.
  flex: '0 1 auto',
} as const;

/** The main layout's top bar (react-admin passes AppBar props, which it does not need). */
export const MainTopBar = () => <AppTopBar withMenu />;
