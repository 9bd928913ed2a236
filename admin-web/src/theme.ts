// The console's MUI theme: react-admin's defaults with the member app's warm palette
// (member-web/src/styles/tokens.css) and self-hosted Pretendard.
import { defaultTheme, type RaThemeOptions } from 'react-admin';

const FONT = [
  '"Pretendard Variable"',
  'Pretendard',
  '-apple-system',
  'BlinkMacSystemFont',
  'system-ui',
  '"Apple SD Gothic Neo"',
  '"Noto Sans KR"',
  '"Malgun Gothic"',
  'sans-serif',
].join(', ');

export const ongiTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    // Coral text/buttons dark enough for WCAG AA (≥ 4.5:1) with white text, and as text on white,
    // cream and MUI's grey input and hover fills; peach for surfaces.
    primary: { main: '#c04327', dark: '#b93d22', light: '#ff9d7e', contrastText: '#ffffff' },
    secondary: { main: '#ff7a59', dark: '#c04327', light: '#ffe3d3', contrastText: '#2d2220' },
    error: { main: '#b42318' },
    // MUI's default orange takes only 3.1:1 with white text.
    warning: { main: '#b54708', contrastText: '#ffffff' },
    success: { main: '#2f7a4f' },
    background: { default: '#fff9f5', paper: '#ffffff' },
    text: { primary: '#2d2220', secondary: '#5f4b44' },
    divider: '#f1ddd2',
  },
  shape: { borderRadius: 10 },
  typography: { ...defaultTheme.typography, fontFamily: FONT },
  components: {
    ...defaultTheme.components,
    MuiCssBaseline: {
      // Korean wraps between words, not inside them.
      styleOverrides: { body: { wordBreak: 'keep-all', overflowWrap: 'anywhere' } },
    },
    RaAppBar: { defaultProps: { color: 'primary' } },
  },
};
