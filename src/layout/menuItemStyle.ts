import { alpha, type SxProps, type Theme } from '@mui/material/styles';

interface MenuItemLook {
  /** A child of a group (indented). */
  nested?: boolean;
  /** A group holding the page shown. */
  highlighted?: boolean;
  /** Long labels wrap (only while the menu is open: collapsed, they would stack up). */
  wrap?: boolean;
}

/** Shared look of the menu's items: rounded, orange when active. */
export const menuItemSx =
  ({ nested = false, highlighted = false, wrap = true }: MenuItemLook = {}): SxProps<Theme> =>
  (theme) => ({
    borderRadius: '6px',
    mx: 1,
    my: 0.25,
    paddingInlineStart: nested ? 4 : 1.5,
    minHeight: 40,
    color: highlighted ? theme.palette.primary.main : theme.palette.text.secondary,
    '& .MuiListItemIcon-root': { minWidth: 36, color: 'inherit' },
    '& .MuiListItemText-primary': {
      fontSize: 14,
      fontWeight: 500,
      lineHeight: 1.35,
      whiteSpace: wrap ? 'normal' : 'nowrap',
    },
    '&.Mui-selected, &.Mui-selected:hover': {
      backgroundColor: alpha(theme.palette.primary.main, 0.12),
      color: theme.palette.primary.main,
    },
  });
