// `npm run admin:code`: the demo admin's current 6-digit second-factor code (the fixed local demo
// secret in create-admin.ts), for signing in to the local console without a phone.
//   npm run admin:code                  → the demo admin's code
//   npm run admin:code -- --secret XYZ  → the code of any base32 TOTP secret
import { parseArgs } from 'node:util';
import { TOTP_PERIOD_SECONDS, totpCode } from '../worker/src/lib/totp';
import { DEMO_ADMIN } from './create-admin';

const { values } = parseArgs({ options: { secret: { type: 'string' } } });
const secret = values.secret ?? DEMO_ADMIN.totpSecret;
const now = Date.now();
const left = TOTP_PERIOD_SECONDS - (Math.floor(now / 1000) % TOTP_PERIOD_SECONDS);
console.log(await totpCode(secret, now));
console.error(
  `(${values.secret ? '입력한 비밀키' : `데모 관리자 ${DEMO_ADMIN.email}`}의 2단계 인증 코드예요. ${left}초 뒤에 바뀌어요. 코드마다 한 번만 쓸 수 있어요.)`,
);
