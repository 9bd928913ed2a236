// Server-rendered pages of the dev portal's Naver authorize step. No scripts (the CSP forbids
// inline ones): every choice is a plain form post.
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { ageOn } from '../../contract/age';
import type { MemberIdentityRow } from '../members/repo';

export type FormValues = { email?: string; name?: string; gender?: string; birthday?: string };

type PageInput = {
  clientId: string;
  redirectUri: string;
  state: string;
  members: MemberIdentityRow[];
  notice?: string;
  error?: string;
  values?: FormValues;
};

type Markup = HtmlEscapedString | Promise<HtmlEscapedString>;

const STYLE = raw(`
  *{box-sizing:border-box}
  body{margin:0;font-family:Pretendard,"Apple SD Gothic Neo","Malgun Gothic",system-ui,sans-serif;background:#f5f6f7;color:#1e1e23;line-height:1.5}
  main{max-width:560px;margin:0 auto;padding:32px 20px 48px}
  header{display:flex;align-items:center;gap:10px;margin-bottom:8px}
  .logo{width:36px;height:36px;border-radius:8px;background:#03c75a;color:#fff;font-weight:800;display:grid;place-items:center;font-size:20px}
  h1{font-size:20px;margin:0}
  .badge{font-size:12px;font-weight:700;color:#b54708;background:#fef0c7;border-radius:999px;padding:2px 8px}
  .lead{color:#5b5f66;font-size:14px;margin:0 0 24px}
  section{background:#fff;border-radius:14px;box-shadow:0 1px 3px rgba(0,0,0,.06);padding:20px;margin-bottom:16px}
  h2{font-size:16px;margin:0 0 4px}
  .hint{font-size:13px;color:#6b7078;margin:0 0 14px}
  ul{list-style:none;margin:0;padding:0;display:grid;gap:8px}
  .who{width:100%;text-align:left;border:1px solid #e3e5e8;background:#fff;border-radius:10px;padding:10px 14px;cursor:pointer;font:inherit;display:flex;justify-content:space-between;align-items:center;gap:12px}
  .who:hover,.who:focus-visible{border-color:#03c75a;outline:none;background:#f3fcf6}
  .who strong{display:block;font-size:15px}
  .who small{color:#6b7078;font-size:13px}
  .tag{font-size:12px;color:#5b5f66;white-space:nowrap}
  .banned{color:#b42318}
  label{display:block;font-size:14px;font-weight:600;margin:12px 0 6px}
  input[type=text],input[type=email],input[type=date]{width:100%;padding:10px 12px;border:1px solid #d0d4d9;border-radius:8px;font:inherit}
  input:focus{outline:2px solid #03c75a;outline-offset:1px}
  .radios{display:flex;gap:16px;font-size:15px}
  .radios label{display:flex;align-items:center;gap:6px;font-weight:400;margin:0}
  .primary{margin-top:18px;width:100%;padding:12px;border:0;border-radius:10px;background:#00843d;color:#fff;font:inherit;font-weight:700;font-size:16px;cursor:pointer}
  .primary:hover{background:#006e33}
  .msg{border-radius:10px;padding:10px 14px;font-size:14px;margin-bottom:16px}
  .notice{background:#eef4ff;color:#1d3f8a}
  .error{background:#fef3f2;color:#b42318}
  .cancel{display:block;text-align:center;color:#6b7078;font-size:14px;margin-top:8px}
  .empty{color:#6b7078;font-size:14px;margin:0}
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

function hidden(p: PageInput): Markup {
  return html`<input type="hidden" name="client_id" value="${p.clientId}" /><input
      type="hidden"
      name="redirect_uri"
      value="${p.redirectUri}"
    /><input type="hidden" name="state" value="${p.state}" />`;
}

function memberItem(p: PageInput, m: MemberIdentityRow, today: Date): Markup {
  const gender = m.gender === 'M' ? '남성' : '여성';
  const status =
    m.status === 'BANNED'
      ? html`<span class="tag banned">이용 정지</span>`
      : html`<span class="tag">${gender} · 만 ${ageOn(m.birthday, today)}세</span>`;
  return html`<li>
    <form method="post" action="/dev-portal/naver/authorize">
      ${hidden(p)}<input type="hidden" name="email" value="${m.email}" /><button class="who" type="submit">
        <span><strong>${m.name}</strong><small>${m.email}</small></span
        >${status}
      </button>
    </form>
  </li>`;
}

function cancelUrl(p: PageInput): string {
  const url = new URL(p.redirectUri);
  url.searchParams.set('error', 'access_denied');
  url.searchParams.set('error_description', 'Canceled By User');
  url.searchParams.set('state', p.state);
  return url.toString();
}

export function renderAuthorizePage(p: PageInput, today = new Date()): Markup {
  const v = p.values ?? {};
  const checked = (g: string) => (v.gender === g ? raw(' checked') : '');
  const members =
    p.members.length > 0
      ? html`<ul>
          ${p.members.map((m) => memberItem(p, m, today))}
        </ul>`
      : html`<p class="empty">아직 네이버로 가입한 데모 회원이 없어요. 아래에서 새 신원을 만들어 보세요.</p>`;
  return layout(
    '개발용 네이버 로그인',
    html`<header>
        <div class="logo" aria-hidden="true">N</div>
        <h1>개발용 네이버 로그인</h1>
        <span class="badge">DEV</span>
      </header>
      <p class="lead">
        실제 네이버 대신 이 화면에서 로그인할 신원을 골라요. 개발 환경(DEV_PORTAL=true)에서만 열리는 화면이에요.
      </p>
      ${p.notice ? html`<div class="msg notice" role="status">${p.notice}</div>` : ''}
      ${p.error ? html`<div class="msg error" role="alert">${p.error}</div>` : ''}
      <section aria-labelledby="demo-title">
        <h2 id="demo-title">데모 회원으로 로그인</h2>
        <p class="hint">누르면 바로 그 회원으로 로그인해요.</p>
        ${members}
      </section>
      <section aria-labelledby="new-title">
        <h2 id="new-title">새 신원으로 로그인</h2>
        <p class="hint">네이버가 넘겨줄 정보를 직접 입력해요. 처음 보는 이메일이면 회원가입으로 이어져요.</p>
        <form method="post" action="/dev-portal/naver/authorize">
          ${hidden(p)} <label for="name">이름</label
          ><input
            id="name"
            name="name"
            type="text"
            required
            maxlength="40"
            autocomplete="off"
            value="${v.name ?? ''}"
          />
          <label for="email">이메일</label
          ><input
            id="email"
            name="email"
            type="email"
            required
            maxlength="320"
            autocomplete="off"
            value="${v.email ?? ''}"
          />
          <fieldset style="border:0;padding:0;margin:0">
            <legend style="font-size:14px;font-weight:600;margin:12px 0 6px;padding:0">성별</legend>
            <div class="radios">
              <label><input type="radio" name="gender" value="M" required${checked('M')} />남성</label
              ><label><input type="radio" name="gender" value="F" ${checked('F')} />여성</label>
            </div>
          </fieldset>
          <label for="birthday">생년월일</label
          ><input id="birthday" name="birthday" type="date" required value="${v.birthday ?? ''}" />
          <button class="primary" type="submit">동의하고 로그인</button>
        </form>
      </section>
      <a class="cancel" href="${cancelUrl(p)}">취소하고 돌아가기</a>`,
  );
}

export function renderErrorPage(message: string): Markup {
  return layout(
    '개발용 네이버 로그인 오류',
    html`<header>
        <div class="logo" aria-hidden="true">N</div>
        <h1>로그인 요청을 처리할 수 없어요</h1>
      </header>
      <section>
        <p>${message}</p>
        <p class="hint">앱으로 돌아가서 다시 로그인해 주세요.</p>
      </section>`,
  );
}
