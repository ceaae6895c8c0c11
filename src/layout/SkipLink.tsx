import { styled } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import type { MouseEvent } from 'react';
import { MAIN_CONTENT_ID } from './pageHeadingFocus';

/** Off screen until focused, then over the top bar's corner. */
const Link = styled('a')(({ theme }) => ({
  position: 'fixed',
  insetInlineStart: theme.spacing(1),
  top: theme.spacing(-12),
  zIndex: theme.zIndex.tooltip + 1,
  padding: theme.spacing(1, 2),
  borderRadius: theme.shape.borderRadius,
  backgroundColor: theme.palette.primary.main,
  color: theme.palette.primary.contrastText,
  fontWeight: 600,
  textDecoration: 'none',
  '&:focus': { top: theme.spacing(1), outline: `3px solid ${theme.palette.text.primary}`, outlineOffset: 2 },
}));

/**
 * The first Tab stop of every page in the main layout: "Skip to content" moves focus past the top
 * bar and the menu to the page's content, so that the next Tab reaches its first control. (It
 * replaces react-admin's own button, which blurs the content again and so leaves the next Tab at
 * the top of the page.)
 */
export function SkipLink() {
  const translate = useTranslate();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const content = document.getElementById(MAIN_CONTENT_ID);
    if (!content) return;
    event.preventDefault();
    content.setAttribute('tabindex', '-1');
    content.focus();
  };
  return (
    <Link href={`#${MAIN_CONTENT_ID}`} onClick={skip} data-testid="skip-link">
      {translate('app.topBar.skipToContent')}
    </Link>
  );
}
