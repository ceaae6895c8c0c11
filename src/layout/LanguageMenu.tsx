import CheckIcon from '@mui/icons-material/Check';
import TranslateIcon from '@mui/icons-material/Translate';
import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useLocaleState, useLocales, useTranslate } from 'react-admin';

/**
 * The profile menu's "Language · English" entry, at every width (the top bar's language menu has
 * no room below 600 px): it opens the language menu, anchored where the profile menu was.
 */
export function LanguageMenuItem({ controls, onOpen }: { controls: string; onOpen: () => void }) {
  const translate = useTranslate();
  const languages = useLocales();
  const [locale] = useLocaleState();
  return (
    <MenuItem aria-haspopup="menu" aria-controls={controls} data-testid="profile-language" onClick={onOpen}>
      <ListItemIcon>
        <TranslateIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText
        primary={translate('app.locale.menu')}
        secondary={languages.find((language) => language.locale === locale)?.name}
      />
    </MenuItem>
  );
}

/** The languages as a menu of radio items, the current one checked; choosing one switches the panel. */
export function LanguageMenu({ id, anchor, onClose }: { id: string; anchor: HTMLElement | null; onClose: () => void }) {
  const translate = useTranslate();
  const languages = useLocales();
  const [locale, setLocale] = useLocaleState();
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ list: { 'aria-label': translate('app.locale.menu') } }}
    >
      {languages.map((language) => (
        <MenuItem
          key={language.locale}
          role="menuitemradio"
          aria-checked={language.locale === locale}
          selected={language.locale === locale}
          lang={language.locale}
          onClick={() => {
            setLocale(language.locale);
            onClose();
          }}
        >
          <ListItemText>{language.name}</ListItemText>
          {language.locale === locale && <CheckIcon fontSize="small" sx={{ marginInlineStart: 2 }} />}
        </MenuItem>
      ))}
    </Menu>
  );
}
