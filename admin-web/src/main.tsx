// The console's entry: the first screen (boot.tsx) with React and the login form only; react-admin
// and MUI load as the console is needed. Its text is in the console's interface font (login.css,
// build/admin-font.ts); Pretendard's subsets come with the console (App.tsx).
import { addTabIcon, afterFirstPaint } from './after-paint';
import { start } from './boot';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
void start(container);
afterFirstPaint(() => addTabIcon());
