import { Box, ListItemButton, ListItemIcon, ListItemText, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import { useSidebarState, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router';
import { isActiveEntry, menuLabelKey, type MenuLeaf } from './menu';
import { menuIcons } from './menuIcons';
import { menuItemSx } from './menuItemStyle';
import { useRoutePreload } from './preloadRoute';

export function MenuLeafItem({ entry, nested = false }: { entry: MenuLeaf; nested?: boolean }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const [sidebarOpen, setSidebarOpen] = useSidebarState();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const label = translate(menuLabelKey(entry));
  const active = isActiveEntry(entry, pathname);
  const Icon = menuIcons[entry.icon];
  const preload = useRoutePreload();

  // An item of the menu's list (a list holds only items: the link goes inside one).
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Tooltip title={sidebarOpen ? '' : label} placement="right">
        <ListItemButton
          component={Link}
          to={entry.path}
          selected={active}
          aria-current={active ? 'page' : undefined}
          onClick={() => isSmall && setSidebarOpen(false)}
          // Hovering or focusing the link fetches the screen's code (and a list's first page) ahead of the click.
          onMouseEnter={() => preload(entry.path)}
          onFocus={() => preload(entry.path)}
          sx={menuItemSx({ nested: nested && sidebarOpen, wrap: sidebarOpen })}
        >
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={label} />
        </ListItemButton>
      </Tooltip>
    </Box>
  );
}
