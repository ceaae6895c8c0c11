import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import type { Theme } from '@mui/material/styles';
import { CheckboxInput } from './kit/CheckboxInput';
import { KeyboardDataTableRow } from './kit/KeyboardDataTableRow';
import { RowsFirstBody } from './kit/RowsFirstBody';

/** Layout sizes fixed by the spec (§9). */
export const MENU_WIDTH = 260;
export const MENU_CLOSED_WIDTH = 56;
export const TOP_BAR_HEIGHT = 65;
export const DISPATCHER_SIDE_WIDTH = 330;

export const INPUT_RADIUS = 6;

export const brandColors = {
  /** The brand's orange: surfaces and marks (the logo tile, chart series), never small text. */
  orange: '#EA5B0C',
  orangeLight: '#FF8A3D',
  /** The orange for text, links, text and contained buttons: 5.5:1 on white, 4.9:1 on the page grey. */
  orangeDark: '#B84300',
  orangeDeep: '#8F3400',
  pageGrey: '#F1F3F6',
  errorRed: '#C62828',
  ink: '#1F2937',
} as const;

/**
 * The dark theme's surfaces and the light shades that read on them (each at least 4.5:1 on the
 * paper colour, and dark text at least 4.5:1 on each as a filled background).
 */
const darkColors = {
  page: '#0F1217',
  paper: '#191D24',
  orange: '#FF9A57',
  text: '#E8EAED',
  textSecondary: '#B4BAC4',
} as const;

/** The name of a spinner that its screen leaves unnamed (the panel is in English only). */
const LOADING = 'Loading';

type CheckboxState = { 'aria-label'?: string; inputProps?: Record<string, unknown> };

/**
 * A checkbox's name goes on its input, where assistive technology finds it: react-admin's row and
 * page selection boxes pass `aria-label`, which MUI puts on the wrapping span (no name, and an
 * attribute a span may not carry).
 */
const checkboxSlotProps = {
  root: () => ({ 'aria-label': undefined }),
  input: (state: CheckboxState) => ({
    ...state.inputProps,
    'aria-label': state.inputProps?.['aria-label'] ?? state['aria-label'],
  }),
};

const inputDefaults = { variant: 'outlined', margin: 'dense', size: 'small', fullWidth: true } as const;

/**
 * Visible focus (WCAG 2.4.7 and 1.4.11): a 2 px ring in the focus colour, at least 3:1 against
 * the page and the control, on every control that takes keyboard focus. Text inputs keep their
 * own 2 px outline in the same colour; elements only focused by script (tabindex -1) get none, but
 * the page's heading.
 */
const focusRing = (color: string) => ({
  // Whatever takes focus scrolls clear of the fixed top bar (and the SOS banner stuck below it).
  html: { scrollPaddingTop: TOP_BAR_HEIGHT + 64 },
  'body :focus-visible:not(.MuiInputBase-input):not([tabindex="-1"]), body .Mui-focusVisible': {
    outline: `2px solid ${color}`,
    outlineOffset: 2,
  },
  // The page's heading, where a page change puts focus (layout/RouteFocus.tsx): ringed when the keyboard brought it there.
  'body h1:focus-visible, body [role="heading"]:focus-visible': { outline: `2px solid ${color}`, outlineOffset: 2 },
  // Inside menus, lists and tables the ring sits within the item, where the container cannot cut it.
  'body .MuiMenuItem-root.Mui-focusVisible, body .MuiListItemButton-root.Mui-focusVisible, body tr:focus-visible': {
    outlineOffset: -2,
  },
  // Content a screen reader reads but the eye does not (chart tables, status words).
  '.visually-hidden': {
    position: 'absolute',
    width: 1,
    height: 1,
    margin: -1,
    padding: 0,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: 0,
  },
});

/** What both themes share: the spec's font, radii and sizes, the form defaults and the focus ring. */
function panelTheme(
  base: RaThemeOptions,
  palette: RaThemeOptions['palette'],
  { focus, toolbar }: { focus: string; toolbar: string },
): RaThemeOptions {
  return {
    ...base,
    palette: { ...palette, contrastThreshold: 4.5 },
    typography: {
      fontFamily: '"Inter", "Helvetica Neue", Helvetica, Arial, sans-serif',
      button: { fontWeight: 600 },
    },
    shape: { borderRadius: 10 },
    sidebar: { width: MENU_WIDTH, closedWidth: MENU_CLOSED_WIDTH },
    components: {
      ...base.components,
      MuiCssBaseline: { styleOverrides: focusRing(focus) },
      MuiTextField: { ...base.components?.MuiTextField, defaultProps: inputDefaults },
      MuiFormControl: { defaultProps: inputDefaults },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: INPUT_RADIUS, textTransform: 'none' } },
      },
      MuiOutlinedInput: { styleOverrides: { root: { borderRadius: INPUT_RADIUS } } },
      MuiFilledInput: { styleOverrides: { root: { borderRadius: INPUT_RADIUS } } },
      MuiInputBase: { styleOverrides: { root: { borderRadius: INPUT_RADIUS } } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      // A keyboard way to every record: each list's rows take focus and open on Enter.
      RaDataTableBody: { defaultProps: { row: KeyboardDataTableRow } },
      // The rows a screen shows first, the rest in the next render.
      RaDataTable: { defaultProps: { body: RowsFirstBody } },
      MuiCheckbox: { defaultProps: { slotProps: checkboxSlotProps, slots: { input: CheckboxInput } } },
      // A spinner says what it is unless its screen names it better.
      MuiCircularProgress: { defaultProps: { 'aria-label': LOADING } },
      MuiLinearProgress: { defaultProps: { 'aria-label': LOADING } },
      // Initials in ink: 6.3:1 on the light orange avatars (the page grey read 2.1:1), 9:1 on the default.
      MuiAvatar: { styleOverrides: { colorDefault: { color: brandColors.ink, backgroundColor: '#C5CBD3' } } },
      // Text that axe (and a reader) still has to read next to a disabled field or in an empty list.
      MuiFormHelperText: {
        styleOverrides: {
          root: ({ theme }: { theme: Theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
        },
      },
      RaEmpty: {
        styleOverrides: {
          root: ({ theme }: { theme: Theme }) => ({ '& .RaEmpty-message': { color: theme.palette.text.secondary } }),
        },
      },
      // The form toolbar: react-admin's grey[300] (light) left the red Delete at 4.3:1.
      RaToolbar: { styleOverrides: { root: { backgroundColor: toolbar } } },
    },
  };
}

/** Light theme: orange primary, grey page, error red, Inter, 10 px shapes and 6 px inputs and buttons; WCAG 2.1 AA. */
export const theme: RaThemeOptions = panelTheme(
  defaultLightTheme,
  {
    mode: 'light',
    primary: {
      main: brandColors.orangeDark,
      light: brandColors.orangeLight,
      dark: brandColors.orangeDeep,
      contrastText: '#FFFFFF',
    },
    secondary: { main: '#334155', contrastText: '#FFFFFF' },
    error: { main: brandColors.errorRed, contrastText: '#FFFFFF' },
    // MUI's defaults read 3.9:1 (info) and 3.1:1 (warning) with white; these pass on white and on the grey.
    info: { main: '#01579B', contrastText: '#FFFFFF' },
    warning: { main: '#8A4100', contrastText: '#FFFFFF' },
    success: { main: '#1E6B24', contrastText: '#FFFFFF' },
    background: { default: brandColors.pageGrey, paper: '#FFFFFF' },
    text: { primary: brandColors.ink, secondary: '#4B5563' },
  },
  { focus: brandColors.orangeDark, toolbar: '#E9ECF0' },
);

/** Dark theme: the same shapes on dark surfaces, light shades of each colour; WCAG 2.1 AA. */
export const darkTheme: RaThemeOptions = panelTheme(
  defaultDarkTheme,
  {
    mode: 'dark',
    primary: {
      main: darkColors.orange,
      light: brandColors.orangeLight,
      dark: brandColors.orange,
      contrastText: '#1A0B00',
    },
    secondary: { main: '#CBD5E1', contrastText: '#0F172A' },
    error: { main: '#FF8A80', dark: '#B3261E', contrastText: '#1A0000' },
    info: { main: '#7CC4FA', contrastText: '#001A2E' },
    warning: { main: '#FFC166', contrastText: '#1F1300' },
    success: { main: '#86D48A', contrastText: '#001A03' },
    background: { default: darkColors.page, paper: darkColors.paper },
    text: { primary: darkColors.text, secondary: darkColors.textSecondary },
  },
  { focus: darkColors.orange, toolbar: '#232832' },
);
