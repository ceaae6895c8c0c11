import SearchIcon from '@mui/icons-material/Search';
import { Box, InputAdornment, List, TextField } from '@mui/material';
import { useMemo, useState } from 'react';
import { useSidebarState, useTranslate } from 'react-admin';
import { useLocation } from 'react-router';
import { useSession } from '../auth/useSession';
import { MENU_CLOSED_WIDTH, MENU_WIDTH } from '../theme';
import {
  MENU,
  activeGroupId,
  filterMenuByPermissions,
  isMenuGroup,
  menuLabelKey,
  searchMenu,
  type MenuEntry,
  type MenuId,
} from './menu';
import { MenuGroupItem } from './MenuGroupItem';
import { MenuLeafItem } from './MenuLeafItem';
import { useIdleMenuPreload } from './preloadRoute';

const NO_PERMISSIONS: readonly string[] = [];

/**
 * The side menu: the spec's menu table filtered by the role's permissions,
 * with accordion groups (one open at a time, the active page's group first)
 * and a search box that narrows it to the matching leaf entries.
 */
export function AppMenu() {
  const translate = useTranslate();
  const session = useSession();
  const { pathname } = useLocation();
  const [sidebarOpen] = useSidebarState();
  const [query, setQuery] = useState('');

  const permissions = session?.userInfo.role.permissions;
  const granted = useMemo(() => permissions?.map((permission) => permission.name) ?? NO_PERMISSIONS, [permissions]);
  const permitted = useMemo(() => filterMenuByPermissions(MENU, granted), [granted]);
  useIdleMenuPreload(permitted);
  const visible = useMemo(
    () => searchMenu(permitted, query, (entry: MenuEntry) => translate(menuLabelKey(entry))),
    [permitted, query, translate],
  );
  const searching = query.trim() !== '';

  // The group of the page shown opens whenever the page changes.
  const activeGroup = activeGroupId(permitted, pathname);
  const [expanded, setExpanded] = useState<MenuId | undefined>(activeGroup);
  const [lastActiveGroup, setLastActiveGroup] = useState(activeGroup);
  if (activeGroup !== lastActiveGroup) {
    setLastActiveGroup(activeGroup);
    if (activeGroup) setExpanded(activeGroup);
  }

  return (
    <Box
      component="nav"
      aria-label={translate('app.menu.label')}
      data-testid="side-menu"
      sx={{
        width: sidebarOpen ? MENU_WIDTH : MENU_CLOSED_WIDTH,
        pt: 1.5,
        pb: 2,
        transition: (theme) => theme.transitions.create('width'),
      }}
    >
      {sidebarOpen && (
        <Box sx={{ px: 1.5, pb: 1 }}>
          <TextField
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={translate('app.menu.search')}
            margin="none"
            slotProps={{
              htmlInput: { 'aria-label': translate('app.menu.search'), type: 'search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
                sx: { backgroundColor: 'background.paper' },
              },
            }}
          />
        </Box>
      )}
      <List disablePadding>
        {visible.map((entry) =>
          isMenuGroup(entry) ? (
            <MenuGroupItem
              key={entry.id}
              entry={entry}
              expanded={searching || expanded === entry.id}
              onToggle={() => setExpanded((current) => (current === entry.id ? undefined : entry.id))}
            />
          ) : (
            <MenuLeafItem key={entry.id} entry={entry} />
          ),
        )}
      </List>
    </Box>
  );
}
