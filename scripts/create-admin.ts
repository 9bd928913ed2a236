// Creates an admin console account in D1 (local by default, production with --remote), hashing the
// password with the Worker's own code. Also ensures the local demo admin for `npm start`.
//
//   npm run create-admin -- --email a@b.kr --name 이름 [--password ...] [--remote] [--persist-to DIR]
//   npm run create-admin -- --demo [--persist-to DIR]
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { hashPassword } from '../worker/src/areas/admin/password';
import { ADMIN_AUTH_LIMITS } from '../worker/src/contract/admin-auth';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'node_modules', '.bin');

/**
 * The local demo admin. Its second factor is enrolled with a FIXED, published TOTP secret so the
 * local console stays one step away (`npm run admin:code` prints the current code): never on a
 * remote database (ensureDemoAdmin has no --remote), never for a real account.
 */
export const DEMO_ADMIN = {
  email: 'admin@ongi.dev',
  name: '온기 관리자',
  password: 'ongi-admin-1234!',
  totpSecret: 'ONGIDEMOADMINTOTPSECRETLOCALONLY',
} as const;

export type D1Target = { remote?: boolean; persistTo?: string };
export type DemoAdminCredentials = { email: string; password: string; totpSecret: string; created: boolean };

/** A SQL string literal: quotes doubled; NUL refused (D1's shell would cut the command there). */
export function sqlString(value: string): string {
  if (value.includes('\0')) throw new Error('NUL characters are not allowed');
  return `'${value.replaceAll("'", "''")}'`;
}

/** Runs SQL through `wrangler d1 execute DB` (Node 22 from node_modules/.bin first) and returns the rows. */
function d1(sql: string, target: D1Target): Array<Record<string, unknown>> {
  const args = ['d1', 'execute', 'DB', target.remote ? '--remote' : '--local', '--json', '--yes', '--command', sql];
  if (target.persistTo && !target.remote) args.push('--persist-to', target.persistTo);
  const res = spawnSync(path.join(bin, 'wrangler'), args, {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`, WRANGLER_SEND_METRICS: 'false' },
  });
  if (res.status !== 0) {
    const detail = `${res.stdout ?? ''}\n${res.stderr ?? ''}`.trim();
    const hint = /no such table/i.test(detail)
      ? '\n먼저 마이그레이션을 적용해 주세요: npx wrangler d1 migrations apply DB ' +
        (target.remote ? '--remote' : '--local')
      : '';
    throw new Error(`wrangler d1 execute 실패 (exit ${res.status ?? 'signal'})\n${detail}${hint}`);
  }
  const out = JSON.parse(res.stdout) as Array<{ results?: Array<Record<string, unknown>> }>;
  return out.flatMap((r) => r.results ?? []);
}

async function insertAdmin(admin: { email: string; name: string; password: string }, target: D1Target): Promise<void> {
  const hash = await hashPassword(admin.password);
  d1(
    `INSERT INTO admins (email, name, password_hash) VALUES (${sqlString(admin.email)}, ${sqlString(admin.name)}, ${sqlString(hash)})`,
    target,
  );
}

function adminExists(email: string, target: D1Target): boolean {
  return d1(`SELECT id FROM admins WHERE lower(email) = ${sqlString(email.toLowerCase())}`, target).length > 0;
}

/**
 * Local only: creates admin@ongi.dev (password `ongi-admin-1234!`) when the database has no admin.
 * Returns the demo credentials when that account exists (created now or before), or null when
 * other admins exist and the demo one does not.
 */
export async function ensureDemoAdmin(target: Omit<D1Target, 'remote'> = {}): Promise<DemoAdminCredentials | null> {
  const local = { persistTo: target.persistTo };
  const count = Number(d1('SELECT COUNT(*) AS n FROM admins', local)[0]?.n ?? 0);
  const credentials = { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, totpSecret: DEMO_ADMIN.totpSecret };
  if (count === 0) {
    await insertAdmin(DEMO_ADMIN, local);
  } else if (!adminExists(DEMO_ADMIN.email, local)) {
    return null;
  }
  // The fixed demo secret, also for a demo admin made before the second factor existed (one who
  // has enrolled an app of their own keeps it).
  d1(
    `UPDATE admins SET totp_secret = ${sqlString(DEMO_ADMIN.totpSecret)}, totp_last_step = NULL,
       totp_enrolled_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
     WHERE lower(email) = ${sqlString(DEMO_ADMIN.email)} AND totp_enrolled_at IS NULL`,
    local,
  );
  return { ...credentials, created: count === 0 };
}

/** 24 characters from 144 random bits. */
export const generatePassword = (): string => randomBytes(18).toString('base64url');

/** Reads a line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    let chars: string[] = [];
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write('\n');
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0003') {
          finish();
          if (ch === '\u0003') reject(new Error('취소했어요.'));
          else resolve(chars.join(''));
          return;
        }
        if (ch === '\u007f' || ch === '\b') chars = chars.slice(0, -1);
        else chars.push(ch);
      }
    };
    process.stdout.write(question);
    stdin.setEncoding('utf8');
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

async function choosePassword(given: string | undefined): Promise<{ password: string; generated: boolean }> {
  if (given !== undefined) return { password: given, generated: false };
  if (!process.stdin.isTTY) return { password: generatePassword(), generated: true };
  const first = await promptHidden('비밀번호 (비워 두면 안전한 비밀번호를 만들어 드려요): ');
  if (first === '') return { password: generatePassword(), generated: true };
  if ((await promptHidden('비밀번호 확인: ')) !== first) throw new Error('두 비밀번호가 달라요.');
  return { password: first, generated: false };
}

const USAGE = `사용법:
  npm run create-admin -- --email <이메일> --name <이름> [--password <비밀번호>] [--remote] [--persist-to <폴더>]
  npm run create-admin -- --demo [--persist-to <폴더>]   (로컬 데모 관리자 확인/생성)`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      remote: { type: 'boolean', default: false },
      'persist-to': { type: 'string' },
      demo: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const persistTo = values['persist-to'];

  if (values.demo) {
    const demo = await ensureDemoAdmin({ persistTo });
    console.log(
      demo
        ? `데모 관리자 ${demo.created ? '계정을 만들었어요' : '계정이 이미 있어요'}: ${demo.email} / ${demo.password}` +
            ` (2단계 인증 비밀키 ${demo.totpSecret}, 지금 코드: npm run admin:code)`
        : '다른 관리자 계정이 있어서 데모 관리자는 만들지 않았어요.',
    );
    return;
  }

  const email = values.email?.trim().toLowerCase() ?? '';
  const name = values.name?.trim() ?? '';
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || !name) throw new Error(`--email과 --name이 필요해요.\n${USAGE}`);
  if (name.length > 50) throw new Error('이름은 50자 이내로 입력해 주세요.');
  const target: D1Target = { remote: values.remote, persistTo };
  const where = values.remote ? '원격(운영) D1' : '로컬 D1';

  if (adminExists(email, target)) throw new Error(`${where}에 이미 ${email} 관리자가 있어요.`);
  const { password, generated } = await choosePassword(values.password);
  if (password.length < ADMIN_AUTH_LIMITS.passwordMinChars || password.length > ADMIN_AUTH_LIMITS.passwordMaxChars) {
    throw new Error(
      `비밀번호는 ${ADMIN_AUTH_LIMITS.passwordMinChars}자 이상 ${ADMIN_AUTH_LIMITS.passwordMaxChars}자 이하로 정해 주세요.`,
    );
  }
  await insertAdmin({ email, name, password }, target);
  console.log(`${where}에 관리자 계정을 만들었어요: ${name} <${email}>`);
  if (generated) console.log(`비밀번호: ${password}\n(다시 보여 드릴 수 없으니 지금 안전한 곳에 적어 두세요.)`);
}

// Run only as a command, not when imported (e.g. by the demo-data script).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    console.error(`✖ ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
