import { defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** Layout sizes fixed by the spec (§9). */
export const MENU_WIDTH = 260;
export const MENU_CLOSED_WIDTH = 56;
export const TOP_BAR_HEIGHT = 65;
export const DISPATCHER_SIDE_WIDTH = 330;

export const INPUT_RADIUS = 6;

export const brandColors = {
  orange: '#EA5B0C',
  orangeLight: '#FF8A3D',
  orangeDark: '#B84300',
  pageGrey: '#F1F3F6',
  errorRed: '#D32F2F',
  ink: '#1F2937',
} as const;

const inputDefaults = { variant: 'outlined', margin: 'dense', size: 'small', fullWidth: true } as const;

/** Light theme: orange primary, grey page, error red, Inter, 10 px shapes and 6 px inputs and buttons. */
export const theme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    mode: 'light',
    primary: {
      main: brandColors.orange,
      light: brandColors.orangeLight,
      dark: brandColors.orangeDark,
      contrastText: '#FFFFFF',
    },
    secondary: { main: '#334155', contrastText: '#FFFFFF' },
    error: { main: brandColors.errorRed },
    background: { default: brandColors.pageGrey, paper: '#FFFFFF' },
    text: { primary: brandColors.ink },
  },
  typography: {
    fontFamily: '"Inter", "Helvetica Neue", Helvetica, Arial, sans-serif',
    button: { fontWeight: 600 },
  },
  shape: { borderRadius: 10 },
  sidebar: { width: MENU_WIDTH, closedWidth: MENU_CLOSED_WIDTH },
  components: {
    ...defaultLightTheme.components,
    MuiTextField: { ...defaultLightTheme.components?.MuiTextField, defaultProps: inputDefaults },
    MuiFormControl: { defaultProps: inputDefaults },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: INPUT_RADIUS, textTransform: 'none' } },
    },
    MuiOutlinedInput: { styleOverrides: { root: { borderRadius: INPUT_RADIUS } } },
    MuiFilledInput: { styleOverrides: { root: { borderRadius: INPUT_RADIUS } } },
    MuiInputBase: { styleOverrides: { root: { borderRadius: INPUT_RADIUS } } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
  },
};
