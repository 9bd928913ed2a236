// Demo profile details (issue 13): generated from templates with the seeded random source, valid
// by the contract's own rules, some deliberately sparse, loaded in one batch and removed with
// their members.
import type { Client } from '@libsql/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { planDetails } from '../../scripts/demo/details';
import { planMembers } from '../../scripts/demo/members';
import { seededRandom } from '../../scripts/demo/random';
import { planValueAnswers } from '../../scripts/demo/values';
import { compatibility, valueAnswersBody } from '../src/contract/values';
import { answersOf } from '../src/areas/values/repo';
import { profileDetailsBody } from '../src/contract/profile-details';
import {
  deleteMembers,
  insertDemoDetails,
  insertDemoMembers,
  insertDemoValueAnswers,
  maxMemberId,
} from '../src/areas/demo/repo';
import { memberProfileDetails, memberProfilePrompts, valueAnswers } from '../src/db/schema';
import type { Db } from '../src/lib/env';
import { freshDb } from './libsql-db';

const NOW = new Date('2026-11-22T06:00:00Z');
let db: Db;
let client: Client;

beforeEach(async () => {
  ({ db, client } = await freshDb());
});

async function load() {
  const plan = await planMembers(seededRandom(7), 320, (await maxMemberId(db)) + 1, NOW);
  plan.images.forEach((img) => (img.bytes = 1234));
  await insertDemoMembers(db, plan);
  const interestsOf = (id: number) => plan.interests.filter((x) => x.memberId === id).map((x) => x.tag);
  const details = planDetails(seededRandom(9), plan.members, interestsOf, NOW);
  await insertDemoDetails(db, details.details, details.prompts);
  return { plan, details };
}

describe('demo profile details', () => {
  it('gives most members details that pass the contract, and leaves some sparse or empty', async () => {
    const { plan, details } = await load();
    expect(await db.$count(memberProfileDetails)).toBe(details.details.length);
    expect(await db.$count(memberProfilePrompts)).toBe(details.prompts.length);
    const share = details.details.length / plan.members.length;
    expect(share).toBeGreaterThan(0.8);
    expect(share).toBeLessThan(1);
    expect(details.details.filter((d) => d.bio === null).length).toBeGreaterThan(10);
    for (const row of details.details) {
      const prompts = details.prompts
        .filter((p) => p.memberId === row.memberId)
        .map((p) => ({ questionId: p.questionId, answer: p.answer }));
      const parsed = profileDetailsBody.safeParse({
        bio: row.bio,
        heightCm: row.heightCm,
        job: { category: row.jobCategory, title: row.jobTitle },
        education: row.education,
        religion: row.religion,
        religionVisible: row.religionVisible,
        smoking: row.smoking,
        drinking: row.drinking,
        mbti: row.mbti,
        lookingFor: row.lookingFor,
        prompts,
      });
      expect(parsed.success, JSON.stringify(row)).toBe(true);
      if (row.bio) expect(row.bio).toMatch(/[가-힣]/);
      expect(row.religion !== null || !row.religionVisible).toBe(true);
    }
  });

  it('is the same every run and goes with its members', async () => {
    const { plan, details } = await load();
    const again = planDetails(
      seededRandom(9),
      plan.members,
      (id) => plan.interests.filter((x) => x.memberId === id).map((x) => x.tag),
      NOW,
    );
    expect(again).toEqual(details);
    await client.execute('PRAGMA foreign_keys = ON');
    await deleteMembers(
      db,
      plan.members.map((m) => m.id),
    );
    expect(await db.$count(memberProfileDetails)).toBe(0);
    expect(await db.$count(memberProfilePrompts)).toBe(0);
  });
});

describe('demo 가치관 answers', () => {
  it('are valid by the contract, loaded in one go, and give most pairs a 궁합', async () => {
    const { plan } = await load();
    const rows = planValueAnswers(seededRandom(31), plan.members);
    await insertDemoValueAnswers(db, rows);
    expect(await db.$count(valueAnswers)).toBe(rows.length);
    const byMember = new Map<number, typeof rows>();
    for (const r of rows) byMember.set(r.memberId, [...(byMember.get(r.memberId) ?? []), r]);
    for (const list of byMember.values()) {
      const body = list.map((r) => ({
        questionId: r.questionId,
        answerId: r.answerId,
        accept: r.accept.split(',').map(Number),
        importance: r.importance,
        public: r.isPublic,
      }));
      expect(valueAnswersBody.safeParse(body).success).toBe(true);
    }
    const active = plan.members
      .filter((m) => m.status === 'ACTIVE')
      .slice(0, 20)
      .map((m) => m.id);
    const answers = await answersOf(db, active);
    const scores = active.slice(1).map((id) => compatibility(answers.get(active[0]!) ?? [], answers.get(id) ?? []));
    expect(scores.filter((s) => s !== null).length).toBeGreaterThan(10);
  });
});
