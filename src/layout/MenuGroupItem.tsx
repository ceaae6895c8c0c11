import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Collapse, List, ListItemButton, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import { useSidebarState, useTranslate } from 'react-admin';
import { useLocation } from 'react-router';
import { isActiveEntry, menuLabelKey, type MenuGroup } from './menu';
import { menuIcons } from './menuIcons';
import { menuItemSx } from './menuItemStyle';
import { MenuLeafItem } from './MenuLeafItem';

interface MenuGroupItemProps {
  entry: MenuGroup;
  expanded: boolean;
  onToggle: () => void;
}

/** An accordion group of the side menu. */
export function MenuGroupItem({ entry, expanded, onToggle }: MenuGroupItemProps) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const [sidebarOpen, setSidebarOpen] = useSidebarState();
  const label = translate(menuLabelKey(entry));
  const Icon = menuIcons[entry.icon];
  const holdsActivePage = entry.children.some((child) => isActiveEntry(child, pathname));
  const listId = `menu-group-${entry.id}`;

  const handleClick = () => {
    if (!sidebarOpen) {
      setSidebarOpen(true);
      if (!expanded) onToggle();
      return;
    }
    onToggle();
  };

  // One item of the menu's list, holding the group's button and its own list.
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Tooltip title={sidebarOpen ? '' : label} placement="right">
        <ListItemButton
          onClick={handleClick}
          aria-expanded={expanded}
          aria-controls={listId}
          sx={menuItemSx({ highlighted: holdsActivePage, wrap: sidebarOpen })}
        >
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={label} />
          {sidebarOpen && (expanded ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />)}
        </ListItemButton>
      </Tooltip>
      <Collapse in={expanded} timeout="auto" unmountOnExit>
        <List id={listId} disablePadding>
          {entry.children.map((child) => (
            <MenuLeafItem key={child.id} entry={child} nested />
          ))}
        </List>
      </Collapse>
    </Box>
  );
}
