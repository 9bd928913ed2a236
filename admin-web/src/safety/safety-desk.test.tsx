// The safety desk's screens: a flagged message shown in its context and marked in words (not by
// colour alone), the score's reasons, the warning dialog (a preset fills the text, a reason is
// required, a confirmation before the call), the permanent ban hidden from 운영자, and the audit
// entries in words.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, testDataProvider, type AuthProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { AdminRole } from '@contract/admin-auth';
import type { AuditEntryView, DeskDetail } from '@contract/safety-desk-core';
import { WARNING_PRESETS } from '@contract/safety-desk-core';
import { detailText, subjectText } from '../audit/audit-text';
import { MemberAuditSection } from '../audit/MemberAuditSection';
import { i18nProvider } from '../i18n/i18n-provider';
import { DeskItem } from './SafetyDeskShow';

const item: DeskDetail = {
  id: 7,
  name: '김온기',
  email: 'ongi@example.com',
  status: 'ACTIVE',
  createdAt: '2026-11-24T00:00:00.000Z',
  score: 51,
  parts: [
    { key: 'flags.CONTACT', label: '외부 연락처 유도 감지 1건', points: 8 },
    { key: 'earlyScam', label: '첫 대화에서 연락처·금전 이야기 1건', points: 10 },
  ],
  signals: { reports: 0, flags: 1, photoMatches: 0, photoPending: 0 },
  oldestSignalAt: '2026-11-25T00:00:00.000Z',
  gender: 'M',
  age: 31,
  identityVerified: false,
  photoVerified: false,
  flags: [
    {
      id: 1,
      roomId: 3,
      messageId: 5,
      kinds: ['CONTACT'],
      early: true,
      createdAt: '2026-11-25T00:00:00.000Z',
      receiverId: 8,
      receiverName: '이하늘',
      context: [
        {
          id: 4,
          fromMember: false,
          content: '주말에 뭐 하세요?',
          sentAt: '2026-11-25T00:00:00.000Z',
          photo: false,
          deleted: false,
          flagged: false,
        },
        {
          id: 5,
          fromMember: true,
          content: '카톡 아이디 알려줄게요',
          sentAt: '2026-11-25T00:01:00.000Z',
          photo: false,
          deleted: false,
          flagged: true,
        },
        {
          id: 6,
          fromMember: false,
          content: '여기서 얘기해요',
          sentAt: '2026-11-25T00:02:00.000Z',
          photo: false,
          deleted: false,
          flagged: false,
        },
      ],
    },
  ],
  reports: [],
  photoMatches: [],
  photoVerifications: [],
};

type Call = { url: string; init: RequestInit };
function serve(): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, init });
      const body = url.startsWith('/admin/api/audit-log')
        ? []
        : { id: 7, action: 'WARN', flagsReviewed: 1, reportsSettled: 0, photoMatchesClosed: 0 };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

const authAs = (role: AdminRole): AuthProvider => ({
  login: async () => {},
  logout: async () => {},
  checkAuth: async () => {},
  checkError: async () => {},
  getIdentity: async () => ({ id: '운영자', fullName: '운영자', role }),
  getPermissions: async () => role,
});

// The member's record without profile texts (ProfileTexts then shows nothing).
const dataProvider = testDataProvider({ getOne: async () => ({ data: { id: 7 } }) as never });

function renderItem(role: AdminRole, onDone = vi.fn()) {
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} authProvider={authAs(role)}>
      <DeskItem item={item} onDone={onDone} />
    </AdminContext>,
  );
  return { onDone };
}

describe('the safety desk item', { timeout: 30_000 }, () => {
  it('shows the flagged message among the ones around it, marked in words, and the score’s reasons', async () => {
    serve();
    renderItem('OPERATOR');
    const items = screen.getAllByRole('listitem').map((li) => li.textContent ?? '');
    const flagged = items.find((t) => t.includes('카톡 아이디 알려줄게요'));
    expect(flagged).toContain('[감지된 메시지]');
    expect(flagged).toContain('이 회원');
    expect(items.some((t) => t.includes('주말에 뭐 하세요?') && t.includes('상대'))).toBe(true);
    expect(screen.getByText('외부 연락처 유도 감지 1건 +8점')).toBeTruthy();
    expect(screen.getByText('첫 대화')).toBeTruthy();
  });

  it('warns: a preset fills the text, a reason is required, and the call goes after the confirmation', async () => {
    const calls = serve();
    const user = userEvent.setup();
    const { onDone } = renderItem('OPERATOR');
    await user.click(screen.getByRole('button', { name: '경고 보내기' }));
    const dialog = await screen.findByRole('dialog', { name: '김온기 님에게 경고 보내기' });
    await user.click(within(dialog).getByRole('combobox', { name: '문구 고르기' }));
    await user.click(await screen.findByRole('option', { name: WARNING_PRESETS[0].label }));
    expect((within(dialog).getByRole('textbox', { name: '보낼 안내 문구' }) as HTMLTextAreaElement).value).toBe(
      WARNING_PRESETS[0].text,
    );
    await user.click(within(dialog).getByRole('button', { name: '경고 보내기' }));
    expect(await within(dialog).findByText('처리 사유를 적어 주세요.')).toBeTruthy();
    await user.click(within(dialog).getByRole('textbox', { name: /처리 사유/ }));
    await user.paste('첫 대화에서 카톡 아이디 요구');
    await user.click(within(dialog).getByRole('button', { name: '경고 보내기' }));
    const confirm = await screen.findByRole('dialog', { name: '이대로 처리할까요?' });
    expect(calls.filter((c) => c.url.includes('/warn'))).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: '경고 보내기' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const warn = calls.find((c) => c.url === '/admin/api/safety-desk/7/warn');
    expect(JSON.parse(String(warn?.init.body))).toEqual({
      text: WARNING_PRESETS[0].text,
      reason: '첫 대화에서 카톡 아이디 요구',
    });
  });

  it('offers the permanent ban to 관리자 only', async () => {
    serve();
    const user = userEvent.setup();
    renderItem('OPERATOR');
    await user.click(screen.getByRole('button', { name: '정지' }));
    const dialog = await screen.findByRole('dialog', { name: '김온기님 이용 정지' });
    expect(within(dialog).queryByRole('radio', { name: '영구 정지' })).toBeNull();
    expect(within(dialog).getByRole('radio', { name: '기간 정지' })).toBeTruthy();
  });

  it('…and to 관리자 it is there', async () => {
    serve();
    const user = userEvent.setup();
    renderItem('ADMIN');
    await user.click(screen.getByRole('button', { name: '정지' }));
    const dialog = await screen.findByRole('dialog', { name: '김온기님 이용 정지' });
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: '영구 정지' })).toBeTruthy());
  });
});

describe('audit entries in words', () => {
  const t = (key: string, o?: Record<string, unknown>) => i18nProvider.translate(key, o);
  const entry = (e: Partial<AuditEntryView>): AuditEntryView => ({
    id: 1,
    adminId: 1,
    adminName: '운영자',
    adminRole: 'OPERATOR',
    action: 'BAN',
    memberId: 7,
    memberName: '김온기',
    subjectType: 'member',
    subjectId: '7',
    reason: null,
    detail: null,
    createdAt: '2026-11-25T00:00:00.000Z',
    ...e,
  });
  it('says what was done', () => {
    expect(detailText(entry({ detail: { until: null, permanent: true, source: 'safety-desk' } }), t)).toBe(
      '영구 정지 · 안전 데스크에서',
    );
    expect(detailText(entry({ action: 'REPORT_DECIDED', detail: { status: 'REJECTED' } }), t)).toBe('신고 거절');
    expect(
      detailText(
        entry({ action: 'WARN', detail: { text: '조심해 주세요', flags: 2, reports: 1, photoMatches: 0 } }),
        t,
      ),
    ).toBe('“조심해 주세요” · 감지 2 · 신고 1 · 사진 0 처리');
    expect(subjectText(entry({ subjectType: 'post', subjectId: '12' }), t)).toBe('게시글 #12');
    expect(subjectText(entry({ subjectType: 'bio', subjectId: null }), t)).toBe('자기소개');
  });
});

describe('a member’s record', { timeout: 30_000 }, () => {
  it('lists the audit entries about the member, asked for by their id', async () => {
    const calls: string[] = [];
    const entry: AuditEntryView = {
      id: 3,
      adminId: 2,
      adminName: '운영자 다온',
      adminRole: 'OPERATOR',
      action: 'WARN',
      memberId: 7,
      memberName: '김온기',
      subjectType: 'member',
      subjectId: '7',
      reason: '첫 대화에서 카톡 아이디 요구',
      detail: { text: '조심해 주세요', flags: 1, reports: 0, photoMatches: 0 },
      createdAt: '2026-11-25T00:00:00.000Z',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        return new Response(JSON.stringify([entry]), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    render(
      <AdminContext dataProvider={testDataProvider()} i18nProvider={i18nProvider}>
        <MemberAuditSection memberId={7} />
      </AdminContext>,
    );
    const row = (await screen.findByText('첫 대화에서 카톡 아이디 요구')).closest('tr')!;
    expect(within(row).getByText('경고')).toBeTruthy();
    expect(within(row).getByText('운영자 다온 (운영자)')).toBeTruthy();
    expect(decodeURIComponent(calls[0] ?? '')).toContain('filter={"memberId":7}');
    expect(screen.getByRole('heading', { name: '이 회원에 대한 운영 기록' })).toBeTruthy();
  });
});
