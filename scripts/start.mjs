// `npm start`: build both SPAs, apply D1 migrations locally, load demo data when the database
// is empty, serve everything from `wrangler dev` on :8787, and print where to go once `/` answers
// (PORT changes the port; START_READY_TIMEOUT_MS, default 180 s, bounds the wait before giving up).
import { ensureDevVars, mustRun, root, toolEnv } from './lib.mjs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { waitUntilAnswering } from './wait-ready.mjs';

const port = process.env.PORT ?? '8787';
const started = Date.now();

ensureDevVars();
console.log('▶ 화면을 빌드하고 있어요 (member-web, admin-web)…');
await mustRun('npm', ['run', 'build']);
console.log('▶ 로컬 D1에 마이그레이션을 적용하고 있어요…');
await mustRun('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local'], { env: toolEnv({ CI: 'true' }) });
console.log('▶ 데모 데이터를 확인하고 있어요…');
await mustRun('npx', ['tsx', 'scripts/demo-data.ts']);
await mustRun('npx', ['tsx', 'scripts/create-admin.ts', '--demo']);

const origin = `http://localhost:${port}`;
const readyTimeoutMs = Number(process.env.START_READY_TIMEOUT_MS ?? 180_000);
const banner = (seconds) => `
──────────────────────────────────────────────────────────────
 온기(Ongi) 로컬 서버 — 준비 ${seconds.toFixed(1)}초
 회원 앱      ${origin}/
 관리자 콘솔  ${origin}/admin/   (데모 관리자: admin@ongi.dev / ongi-admin-1234!)
 2단계 인증   다른 터미널에서 npm run admin:code → 지금의 6자리 코드 (로컬 데모 전용;
              위에 나온 데모 비밀키를 인증 앱에 등록해도 돼요)
 로그인       '시작하기' → '네이버로 로그인' → 개발용 포털에서 데모 회원을 고르거나
              새 신원(이름·이메일·성별·생일)을 입력하면 가입 절차가 시작돼요.
 스크립트용   POST ${origin}/dev-portal/sign-in  {"identity":{"email":"demo0001@ongi.dev"}}
──────────────────────────────────────────────────────────────
`;

console.log('▶ wrangler dev를 시작하고 있어요…');
// The wrangler binary itself (not through npx), so a signal from us reaches it and it stops workerd.
const wrangler = path.join(root, 'node_modules', '.bin', 'wrangler');
const dev = spawn(
  wrangler,
  ['dev', '--port', port, '--var', `APP_ORIGIN:${origin}`, '--show-interactive-dev-session=false'],
  { cwd: root, env: toolEnv(), stdio: 'inherit' },
);
let exited = false;
let gaveUp = false;
const stop = () => dev.kill('SIGINT');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
dev.on('exit', (code) => {
  exited = true;
  process.exit(gaveUp ? 1 : (code ?? 0));
});

// The banner's URLs must work when it appears: wait for the first successful answer from `/`.
const ready = await waitUntilAnswering(`${origin}/`, { timeoutMs: readyTimeoutMs, stopped: () => exited });
if (ready.ok) {
  console.log(banner((Date.now() - started) / 1000));
} else if (ready.reason === 'timeout') {
  console.error(
    `\n✖ wrangler dev가 ${Math.round(readyTimeoutMs / 1000)}초 안에 ${origin}/ 에 응답하지 않았어요 ` +
      `(마지막 시도: ${ready.last}). 위의 wrangler 출력을 확인해 주세요. 서버를 멈출게요.\n`,
  );
  gaveUp = true;
  stop();
}
