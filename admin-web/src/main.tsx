// The console's entry: the first screen (boot.tsx) with React and the login form only; react-admin
// and MUI load as the console is needed.
import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';
import { start } from './boot';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
void start(container);
