// GET /admin/users and the console's /admin/api/users: shape, computed status, search, filters,
// sorting, paging with Content-Range, withdrawn members left out, and the detail view.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, AdminUserDetail } from '../../src/contract/admin';
import { pngFile, signUpMember } from '../helpers/auth';
import {
  call,
  consoleAdmin,
  seedMember,
  seedReport,
  uniqueName,
  type ConsoleAdmin,
  type ErrorBody,
} from './console-helpers';

let admin: ConsoleAdmin;
const tag = uniqueName('목록');
const mailTag = uniqueName('Mail_');
const ids: Record<string, number> = {};
const FUTURE = '2099-01-01T00:00:00.000Z';
const PAST = '2020-01-01T00:00:00.000Z';

const list = (query = '') => call(`/admin/api/users${query}`, { cookie: admin.cookie });
const q = (filter: Record<string, unknown>, extra = '') =>
  `?filter=${encodeURIComponent(JSON.stringify({ q: tag, ...filter }))}${extra}`;

beforeAll(async () => {
  admin = await consoleAdmin();
  ids.active = await seedMember({ name: `${tag}가`, gender: 'F', providerType: 'NAVER', birthday: '1990-01-01' });
  ids.banned = await seedMember({
    name: `${tag}나`,
    gender: 'M',
    providerType: 'KAKAO',
    status: 'BANNED',
    bannedUntil: FUTURE,
    birthday: '2000-01-01',
  });
  ids.permanent = await seedMember({
    name: `${tag}다`,
    gender: 'M',
    status: 'BANNED',
    bannedUntil: null,
    birthday: '1995-01-01',
  });
  ids.lapsed = await seedMember({
    name: `${tag}라`,
    gender: 'F',
    status: 'BANNED',
    bannedUntil: PAST,
    birthday: '1985-01-01',
  });
  ids.inactive = await seedMember({ name: `${tag}마`, gender: 'F', status: 'INACTIVE', providerType: 'KAKAO' });
  ids.deleted = await seedMember({ name: `${tag}바`, deletedAt: '2026-01-01T00:00:00.000Z' });
  ids.byEmail = await seedMember({ name: '이메일로찾기', email: `${mailTag.toLowerCase()}@example.com` });
});

describe('GET /admin/users', () => {
  it('answers every live member without query parameters, with a Content-Range total', async () => {
    const res = await call('/admin/users', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const users = await res.json<AdminUser[]>();
    const mine = users.filter((u) => u.name.startsWith(tag));
    expect(mine.map((u) => u.id).sort()).toEqual(
      [ids.active, ids.banned, ids.permanent, ids.lapsed, ids.inactive].sort(),
    );
    expect(res.headers.get('Content-Range')).toBe(`users 0-${users.length - 1}/${users.length}`);
  });

  it('gives the contract shape with age from the birthday and the ban end', async () => {
    const users = await (await list(q({ id: [ids.banned] }))).json<AdminUser[]>();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({
      id: ids.banned,
      name: `${tag}나`,
      gender: 'M',
      providerType: 'KAKAO',
      lookingFor: 'both',
      birth: '2000-01-01',
      openAge: true,
      status: 'BANNED',
      bannedUntil: FUTURE,
    });
    expect(users[0]?.age).toBeGreaterThanOrEqual(25);
    expect(Object.keys(users[0] ?? {}).sort()).toEqual([
      'age',
      'bannedUntil',
      'birth',
      'createdAt',
      'email',
      'gender',
      'id',
      'lookingFor',
      'name',
      'openAge',
      'providerType',
      'status',
    ]);
  });

  it('reads a temporary ban whose time has passed as ACTIVE with no end', async () => {
    const [lapsed] = await (await list(q({ id: ids.lapsed }))).json<AdminUser[]>();
    expect(lapsed).toMatchObject({ status: 'ACTIVE', bannedUntil: null });
  });

  it('filters by computed status, gender and provider', async () => {
    const names = async (filter: Record<string, unknown>) =>
      (await (await list(q(filter))).json<AdminUser[]>()).map((u) => u.name.slice(tag.length)).sort();
    expect(await names({ status: 'BANNED' })).toEqual(['나', '다']);
    expect(await names({ status: 'ACTIVE' })).toEqual(['가', '라']);
    expect(await names({ status: 'INACTIVE' })).toEqual(['마']);
    expect(await names({ gender: 'M' })).toEqual(['나', '다']);
    expect(await names({ providerType: 'KAKAO' })).toEqual(['나', '마']);
    expect(await names({ gender: 'F', providerType: 'NAVER' })).toEqual(['가', '라']);
  });

  it('lists the members under 19 by the year rule (만 19세 미만, issue 20), with their count', async () => {
    const year = new Date(Date.now() + 9 * 3600_000).getUTCFullYear();
    const minorTag = uniqueName('미성년');
    await seedMember({ name: `${minorTag}가`, birthday: `${year - 18}-01-01` });
    await seedMember({ name: `${minorTag}나`, birthday: `${year - 19}-12-31` }); // 만 18 but an adult
    const res = await list(`?filter=${encodeURIComponent(JSON.stringify({ q: minorTag, ageGroup: 'UNDER_19' }))}`);
    expect(res.status).toBe(200);
    expect((await res.json<AdminUser[]>()).map((u) => u.name)).toEqual([`${minorTag}가`]);
    expect(res.headers.get('Content-Range')).toMatch(/\/1$/);
    const bad = await list(`?filter=${encodeURIComponent(JSON.stringify({ ageGroup: 'UNDER_14' }))}`);
    expect(bad.status).toBe(400);
  });

  it('searches names and emails, case-insensitively for emails, treating % and _ literally', async () => {
    const byEmail = await (
      await list(`?filter=${encodeURIComponent(JSON.stringify({ q: mailTag.toUpperCase() }))}`)
    ).json<AdminUser[]>();
    expect(byEmail.map((u) => u.id)).toEqual([ids.byEmail]);
    const wildcard = await (
      await list(`?filter=${encodeURIComponent(JSON.stringify({ q: '%' }))}`)
    ).json<AdminUser[]>();
    expect(wildcard).toEqual([]);
  });

  it('sorts by a column (age descending = oldest first) and pages with Content-Range', async () => {
    const res = await list(q({}, `&sort=${encodeURIComponent('["age","DESC"]')}&range=${encodeURIComponent('[1,2]')}`));
    expect(res.headers.get('Content-Range')).toBe('users 1-2/5');
    const page = await res.json<AdminUser[]>();
    // Birthdays: 라 1985, 가 1990, 다 1995, 마 1995-05-05, 나 2000 → rows 1-2 are 가, 다.
    expect(page.map((u) => u.name.slice(tag.length))).toEqual(['가', '다']);
  });

  it('never lists a withdrawn member, even by id', async () => {
    const res = await list(q({ id: [ids.deleted] }));
    expect(await res.json()).toEqual([]);
    expect(res.headers.get('Content-Range')).toBe('users */0');
  });

  it('refuses unknown sort fields, filter values and malformed JSON with 400', async () => {
    for (const query of [
      `?sort=${encodeURIComponent('["password","ASC"]')}`,
      q({ status: 'DELETED' }),
      '?range=[5,1]',
      '?filter={nope',
    ]) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect((await res.json<ErrorBody>()).code).toBe('INVALID_INPUT');
    }
  });
});

describe('GET /admin/api/users/{id}', () => {
  it('shows interests, photos, location text, report counts and the current ban', async () => {
    const member = await signUpMember({
      name: '상세보기',
      interests: ['운동', '독서'],
      location: { city: '서울특별시', district: '강남구', lat: 37.5, lng: 127.04 },
      images: [await pngFile()],
    });
    const reporter = await seedMember();
    await seedReport({ reporterId: reporter, targetId: member.memberId });
    await seedReport({ reporterId: reporter, targetId: member.memberId, status: 'ACCEPTED' });
    await seedReport({ reporterId: member.memberId, targetId: reporter });
    const ban = await call(`/admin/members/${member.memberId}/ban`, {
      method: 'PATCH',
      cookie: admin.cookie,
      body: { reason: '욕설', until: null },
    });
    expect(ban.status).toBe(200);

    const res = await call(`/admin/api/users/${member.memberId}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const detail = await res.json<AdminUserDetail>();
    expect(detail).toMatchObject({
      id: member.memberId,
      name: '상세보기',
      status: 'BANNED',
      interests: ['독서', '운동'],
      location: '서울 강남구',
      reports: { pending: 1, accepted: 1, rejected: 0, made: 1 },
      currentBan: { action: 'BAN', reason: '욕설', until: null, adminName: admin.name, adminId: admin.id },
    });
    expect(detail.images).toHaveLength(1);
    expect(detail.images[0]?.role).toBe('MAIN');
    expect(detail.images[0]?.url).toMatch(/^\/media\//);
  });

  it('answers 404 for a withdrawn or unknown member', async () => {
    expect((await call(`/admin/api/users/${ids.deleted}`, { cookie: admin.cookie })).status).toBe(404);
    expect((await call('/admin/api/users/99999999', { cookie: admin.cookie })).status).toBe(404);
    expect((await call('/admin/api/users/abc', { cookie: admin.cookie })).status).toBe(404);
  });
});
