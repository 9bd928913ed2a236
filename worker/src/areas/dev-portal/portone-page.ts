// Server-rendered pages of the dev portal's PortOne emulation: the carrier/PASS step where you
// "verify" as a chosen person. No scripts (the CSP forbids inline ones): a plain form post.
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

export type PortoneForm = {
  name?: string;
  birthDate?: string;
  gender?: string;
  operator?: string;
  phoneNumber?: string;
};

type PageInput = {
  id: string;
  storeId: string;
  channelKey: string | null;
  redirectUrl: string;
  cancelUrl: string;
  values?: PortoneForm;
  error?: string;
};

type Markup = HtmlEscapedString | Promise<HtmlEscapedString>;

const STYLE = raw(`
  *{box-sizing:border-box}
  body{margin:0;font-family:Pretendard,"Apple SD Gothic Neo","Malgun Gothic",system-ui,sans-serif;background:#f4f5f8;color:#1e1e23;line-height:1.5}
  main{max-width:480px;margin:0 auto;padding:28px 20px 48px}
  header{display:flex;align-items:center;gap:10px;margin-bottom:8px}
  .logo{width:36px;height:36px;border-radius:8px;background:#d81b2c;color:#fff;font-weight:800;display:grid;place-items:center;font-size:13px}
  h1{font-size:20px;margin:0}
  .badge{font-size:12px;font-weight:700;color:#b54708;background:#fef0c7;border-radius:999px;padding:2px 8px}
  .lead{color:#5b5f66;font-size:14px;margin:0 0 20px}
  section{background:#fff;border-radius:14px;box-shadow:0 1px 3px rgba(0,0,0,.06);padding:20px;margin-bottom:16px}
  label,legend{display:block;font-size:14px;font-weight:600;margin:12px 0 6px;padding:0}
  fieldset{border:0;padding:0;margin:0}
  input[type=text],input[type=tel],input[type=date],select{width:100%;padding:10px 12px;border:1px solid #8a9099;border-radius:8px;font:inherit;background:#fff}
  input:focus,select:focus{outline:2px solid #d81b2c;outline-offset:1px}
  .radios{display:flex;gap:16px;font-size:15px}
  .radios label{display:flex;align-items:center;gap:6px;font-weight:400;margin:0}
  .hint{font-size:13px;color:#5b5f66;margin:4px 0 0}
  .primary{margin-top:20px;width:100%;padding:12px;border:0;border-radius:10px;background:#b3141f;color:#fff;font:inherit;font-weight:700;font-size:16px;cursor:pointer}
  .primary:hover{background:#8f0f18}
  .error{border-radius:10px;padding:10px 14px;font-size:14px;margin-bottom:16px;background:#fef3f2;color:#b42318}
  .cancel{display:block;text-align:center;color:#4b5058;font-size:14px;margin-top:8px}
`);

function layout(title: string, body: Markup): Markup {
  return html`<!doctype html>
    <html lang="ko">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        <style>
          ${STYLE}
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`;
}

const OPERATORS: [string, string][] = [
  ['SKT', 'SKT'],
  ['KT', 'KT'],
  ['LGU', 'LG U+'],
  ['SKT_MVNO', 'SKT 알뜰폰'],
  ['KT_MVNO', 'KT 알뜰폰'],
  ['LGU_MVNO', 'LG U+ 알뜰폰'],
];

export function renderPortonePage(p: PageInput): Markup {
  const v = p.values ?? {};
  const checked = (g: string) => (v.gender === g ? raw(' checked') : '');
  const selected = (o: string) => ((v.operator ?? 'SKT') === o ? raw(' selected') : '');
  return layout(
    '개발용 휴대폰 본인확인',
    html`<header>
        <div class="logo" aria-hidden="true">PASS</div>
        <h1>휴대폰 본인확인</h1>
        <span class="badge">DEV</span>
      </header>
      <p class="lead">
        실제 통신사 본인확인(PortOne) 대신 이 화면에서 확인할 사람을 정해요. 개발 환경(DEV_PORTAL=true)에서만 열리는
        화면이에요.
      </p>
      ${p.error ? html`<div class="error" role="alert">${p.error}</div>` : ''}
      <section aria-labelledby="who-title">
        <h2 id="who-title" style="font-size:16px;margin:0">본인 정보 입력</h2>
        <form method="post" action="/dev-portal/portone/verify">
          <input type="hidden" name="identityVerificationId" value="${p.id}" /><input
            type="hidden"
            name="storeId"
            value="${p.storeId}"
          /><input type="hidden" name="channelKey" value="${p.channelKey ?? ''}" /><input
            type="hidden"
            name="redirectUrl"
            value="${p.redirectUrl}"
          />
          <label for="name">이름</label
          ><input
            id="name"
            name="name"
            type="text"
            required
            maxlength="40"
            autocomplete="off"
            value="${v.name ?? ''}"
          />
          <label for="birthDate">생년월일</label
          ><input id="birthDate" name="birthDate" type="date" required value="${v.birthDate ?? ''}" />
          <fieldset>
            <legend>성별</legend>
            <div class="radios">
              <label><input type="radio" name="gender" value="MALE" required${checked('MALE')} />남성</label
              ><label><input type="radio" name="gender" value="FEMALE" ${checked('FEMALE')} />여성</label>
            </div>
          </fieldset>
          <label for="operator">통신사</label
          ><select id="operator" name="operator">
            ${OPERATORS.map(([value, label]) => html`<option value="${value}" ${selected(value)}>${label}</option>`)}
          </select>
          <label for="phoneNumber">휴대폰 번호</label
          ><input
            id="phoneNumber"
            name="phoneNumber"
            type="tel"
            required
            inputmode="numeric"
            autocomplete="off"
            aria-describedby="phone-hint"
            value="${v.phoneNumber ?? ''}"
          />
          <p class="hint" id="phone-hint">숫자만 입력해요. 예: 01012345678</p>
          <button class="primary" type="submit">인증 완료</button>
        </form>
      </section>
      <a class="cancel" href="${p.cancelUrl}">취소하고 돌아가기</a>`,
  );
}

export function renderPortoneError(message: string): Markup {
  return layout(
    '개발용 본인확인 오류',
    html`<header>
        <div class="logo" aria-hidden="true">PASS</div>
        <h1>본인확인을 진행할 수 없어요</h1>
      </header>
      <section>
        <p>${message}</p>
        <p class="hint">앱으로 돌아가서 다시 시도해 주세요.</p>
      </section>`,
  );
}
