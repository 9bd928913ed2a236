// The console's dataProvider: ra-data-simple-rest on /admin/api for members and posts, the spec's
// own paths for notices (/notices…), feedback (GET /feedback) and reported members
// (GET /admin/userReportInfo), plus the console's actions (ban, unban, ban history, reports,
// dashboard). Every call goes through adminFetch (cookie + CSRF header + 15 s timeout).
import simpleRestProvider from 'ra-data-simple-rest';
import type {
  CreateParams,
  DataProvider,
  DeleteManyParams,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  RaRecord,
  UpdateParams,
} from 'react-admin';
import type {
  AdminDashboard,
  AdminReport,
  AdminUser,
  BanHistoryEntry,
  ReportedUserSummary,
} from '@contract/admin-core';
import type { AdminRole, OperatorRow } from '@contract/admin-auth';
import type { AdminFeedbackItem } from '@contract/feedback';
import type { AdminHideDetailBody, AdminUnhideDetailBody, MyProfileDetails } from '@contract/profile-details';
import type { Notice, NoticeListItem } from '@contract/notices';
import { adminFetch } from './http';
import { localList } from './local-list';

export type BanRequest = { reason: string | null; until: string | null };
export type NewOperator = { email: string; name: string; password: string; role: AdminRole };

export type OngiDataProvider = DataProvider & {
  banMember(id: number, body: BanRequest): Promise<AdminUser>;
  unbanMember(id: number): Promise<AdminUser>;
  banHistory(id: number): Promise<BanHistoryEntry[]>;
  reportsOf(memberId: number): Promise<AdminReport[]>;
  settleReport(id: number, action: 'accept' | 'reject'): Promise<AdminReport>;
  dashboard(): Promise<AdminDashboard>;
  /** Hide a bio, a job title or a prompt answer that breaks the rules (docs/admin.md "Hidden profile texts stay hidden"). */
  hideProfileDetail(memberId: number, body: AdminHideDetailBody): Promise<MyProfileDetails>;
  /** Lifts a hide after reviewing the text (a hide holds through the member's edits until then). */
  unhideProfileDetail(memberId: number, body: AdminUnhideDetailBody): Promise<MyProfileDetails>;
  /** 운영자 관리 (관리자 only): add an operator with a temporary password, change a role, reset 2단계 인증. */
  createOperator(body: NewOperator): Promise<OperatorRow>;
  changeOperatorRole(id: number, role: AdminRole): Promise<OperatorRow>;
  resetOperatorSecondFactor(id: number): Promise<OperatorRow>;
};

const rest = simpleRestProvider('/admin/api', adminFetch);

/** Console resource name → the /admin/api resource behind it (spec route /community shows posts). */
const REST_RESOURCES: Record<string, string> = {
  users: 'users',
  community: 'posts',
  // The safety desk's queue and the audit log (docs/safety.md), paged by the Worker.
  'safety-desk': 'safety-desk',
  'audit-log': 'audit-log',
};

async function getJson<T>(url: string, init?: Parameters<typeof adminFetch>[1]): Promise<T> {
  return (await adminFetch(url, init)).json as T;
}

const send = <T>(method: 'POST' | 'PATCH', url: string, body?: unknown) =>
  getJson<T>(url, { method, body: body === undefined ? undefined : JSON.stringify(body) });

type Local<T extends RaRecord> = {
  all: () => Promise<T[]>;
  one?: (id: number) => Promise<T>;
  search: (keyof T & string)[];
};

const LOCAL: Record<string, Local<RaRecord>> = {
  notices: {
    all: () => getJson<NoticeListItem[]>('/notices'),
    one: (id) => getJson<Notice>(`/notices/${id}`),
    search: ['title'],
  },
  feedback: { all: () => getJson<AdminFeedbackItem[]>('/feedback'), search: ['title', 'content'] },
  reports: {
    all: () => getJson<ReportedUserSummary[]>('/admin/userReportInfo'),
    search: ['name', 'email'],
  },
  operators: { all: () => getJson<OperatorRow[]>('/admin/api/operators'), search: ['name', 'email'] },
};

function localOf(resource: string): Local<RaRecord> {
  const local = LOCAL[resource];
  if (!local) throw new Error(`알 수 없는 자원이에요: ${resource}`);
  return local;
}

async function localOne(resource: string, id: number): Promise<RaRecord> {
  const local = localOf(resource);
  if (local.one) return local.one(id);
  const found = (await local.all()).find((r) => r.id === id);
  if (!found) throw new Error('찾을 수 없어요.');
  return found;
}

const noticeBody = (data: Partial<Notice>) => ({ title: data.title ?? '', content: data.content ?? '' });

// react-admin types each method generic in the record type; the records here are the contract's
// concrete shapes, so the resource half is typed loosely once, below.
const resourceMethods = {
  async getList(resource: string, params: GetListParams) {
    const backing = REST_RESOURCES[resource];
    if (backing) return rest.getList(backing, params);
    const local = localOf(resource);
    return localList(await local.all(), params, local.search);
  },
  async getOne(resource: string, params: GetOneParams) {
    const backing = REST_RESOURCES[resource];
    if (backing) return rest.getOne(backing, params);
    return { data: await localOne(resource, Number(params.id)) };
  },
  async getMany(resource: string, params: GetManyParams) {
    const backing = REST_RESOURCES[resource];
    if (backing) return rest.getMany(backing, params);
    return { data: await Promise.all(params.ids.map((id) => localOne(resource, Number(id)))) };
  },
  async getManyReference(resource: string, params: GetManyReferenceParams) {
    const backing = REST_RESOURCES[resource];
    if (backing) return rest.getManyReference(backing, params);
    const local = localOf(resource);
    return localList(await local.all(), { ...params, filter: { ...params.filter, [params.target]: params.id } });
  },
  async create(resource: string, params: CreateParams) {
    if (resource !== 'notices') throw new Error('이 화면에서는 만들 수 없어요.');
    return { data: await send<Notice>('POST', '/notices/create', noticeBody(params.data)) };
  },
  async update(resource: string, params: UpdateParams) {
    if (resource !== 'notices') throw new Error('이 화면에서는 수정할 수 없어요.');
    return { data: await send<Notice>('PATCH', `/notices/${params.id}`, noticeBody(params.data)) };
  },
  async updateMany() {
    throw new Error('여러 항목을 한 번에 수정할 수 없어요.');
  },
  async delete(resource: string, params: DeleteParams) {
    const backing = REST_RESOURCES[resource];
    if (backing) return rest.delete(backing, params);
    if (resource !== 'notices') throw new Error('이 화면에서는 삭제할 수 없어요.');
    // Notices are soft-deleted by PATCH (docs/product-spec.md §4).
    return { data: await send<Notice>('PATCH', `/notices/${params.id}/delete`) };
  },
  async deleteMany(resource: string, params: DeleteManyParams) {
    for (const id of params.ids) await resourceMethods.delete(resource, { id });
    return { data: params.ids };
  },
};

export const dataProvider: OngiDataProvider = {
  ...(resourceMethods as unknown as DataProvider),
  banMember: (id, body) => send<AdminUser>('PATCH', `/admin/members/${id}/ban`, body),
  unbanMember: (id) => send<AdminUser>('PATCH', `/admin/members/${id}/unban`),
  banHistory: (id) => getJson<BanHistoryEntry[]>(`/admin/members/${id}/ban-history`),
  reportsOf: (memberId) => getJson<AdminReport[]>(`/admin/reports/${memberId}`),
  settleReport: (id, action) => send<AdminReport>('PATCH', `/admin/reports/${id}/${action}`),
  dashboard: () => getJson<AdminDashboard>('/admin/api/dashboard'),
  hideProfileDetail: (memberId, body) =>
    send<MyProfileDetails>('POST', `/admin/users/${memberId}/profile-details/hide`, body),
  unhideProfileDetail: (memberId, body) =>
    send<MyProfileDetails>('POST', `/admin/users/${memberId}/profile-details/unhide`, body),
  createOperator: (body) => send<OperatorRow>('POST', '/admin/api/operators', body),
  changeOperatorRole: (id, role) => send<OperatorRow>('PATCH', `/admin/api/operators/${id}`, { role }),
  resetOperatorSecondFactor: (id) => send<OperatorRow>('POST', `/admin/api/operators/${id}/reset-second-factor`),
};
