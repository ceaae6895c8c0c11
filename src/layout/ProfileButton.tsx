import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import CheckIcon from '@mui/icons-material/Check';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import { Avatar, Box, ButtonBase, ListItemIcon, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useLogout, useTheme, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import { useSession } from '../auth/useSession';
import { useFileObjectUrl } from '../http/useFileObjectUrl';
import { LanguageMenu, LanguageMenuItem } from './LanguageMenu';

/**
 * Top-bar button with the staff member's photo, name and role, opening Profile, the language, the
 * dark theme and Logout.
 */
export function ProfileButton() {
  const translate = useTranslate();
  const session = useSession();
  const logout = useLogout();
  const navigate = useNavigate();
  const menuId = useId();
  const languageMenuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The language menu opens from the profile menu's entry, in its place (anchored to this button).
  const [languageAnchor, setLanguageAnchor] = useState<HTMLElement | null>(null);
  const photoUrl = useFileObjectUrl(session?.userInfo.photo);
  // The system's setting until the switch is used; then the choice is remembered in this browser.
  const [themeMode, setThemeMode] = useTheme();
  const dark = themeMode === 'dark';

  if (!session) return null;
  const { id, firstName, lastName, role } = session.userInfo;
  const close = () => setAnchor(null);

  return (
    <>
      <ButtonBase
        data-testid="profile-button"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ borderRadius: '10px', px: { xs: 0.5, sm: 1 }, py: 0.5, gap: 1.25, textAlign: 'start' }}
      >
        <Avatar
          src={photoUrl}
          alt={photoUrl ? `${firstName} ${lastName}` : undefined}
          data-testid="profile-photo"
          sx={{ width: 38, height: 38, bgcolor: 'primary.light' }}
        >
          <PersonIcon />
        </Avatar>
        <Box sx={{ display: { xs: 'none', sm: 'block' }, lineHeight: 1.2 }}>
          <Typography
            component="span"
            variant="body2"
            sx={{ display: 'block', fontWeight: 600 }}
            data-testid="profile-name"
          >
            {firstName} {lastName}
          </Typography>
          <Typography
            component="span"
            variant="caption"
            color="text.secondary"
            sx={{ display: 'block' }}
            data-testid="profile-role"
          >
            {role.name}
          </Typography>
        </Box>
        {/* On a phone the photo alone: the page's title needs the room. */}
        <ExpandMoreIcon fontSize="small" color="action" sx={{ display: { xs: 'none', sm: 'block' } }} />
      </ButtonBase>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          onClick={() => {
            close();
            void navigate(`/staff-management/profile/${id}`);
          }}
        >
          <ListItemIcon>
            <AccountCircleIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('app.topBar.profile')}</ListItemText>
        </MenuItem>
        <LanguageMenuItem
          controls={languageMenuId}
          onOpen={() => {
            setLanguageAnchor(anchor);
            close();
          }}
        />
        <MenuItem
          role="menuitemcheckbox"
          aria-checked={dark}
          data-testid="dark-theme-switch"
          onClick={() => setThemeMode(dark ? 'light' : 'dark')}
        >
          <ListItemIcon>
            <DarkModeIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('app.topBar.darkTheme')}</ListItemText>
          {dark && <CheckIcon fontSize="small" sx={{ marginInlineStart: 2 }} />}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            // A refused logout leaves the session; its failure shows in the error dialog.
            logout().catch(() => undefined);
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('app.topBar.logout')}</ListItemText>
        </MenuItem>
      </Menu>
      <LanguageMenu id={languageMenuId} anchor={languageAnchor} onClose={() => setLanguageAnchor(null)} />
    </>
  );
}
