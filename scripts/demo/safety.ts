// Demo work for the operators' safety desk (docs/safety.md "Safety desk"), so a fresh local console
// has a queue to open: pending reports against a few demo members (one with several reporters, the
// romance-scam path; one for insults; one for a profile), and '정말 보낼까요?' outcomes for the
// desk's nudge card. Flags from chat need real room messages, which only the running service writes.
import type { NudgeContext, NudgeOutcome, SafetyKind } from '../../worker/src/contract/safety/kinds';
import type { ReportReason } from '../../worker/src/contract/enums';
import type { NewMember } from '../../worker/src/areas/demo/repo';
import type { Random } from './random';

export type DemoReport = {
  reporterId: number;
  targetId: number;
  reasonType: ReportReason;
  content: string;
  createdAt: string;
};
export type DemoNudge = {
  memberId: number;
  context: NudgeContext;
  kinds: string;
  outcome: NudgeOutcome;
  createdAt: string;
};

const HOUR_MS = 3_600_000;

/** Who is reported for what: [reason, what the reporter wrote] per report, several reporters for the first. */
const CASES: readonly (readonly [ReportReason, string])[][] = [
  [
    ['FRAUD', '대화 시작하자마자 카톡으로 옮기자고 하더니 코인 리딩방 얘기를 계속했어요.'],
    ['FRAUD', '해외 선물 투자로 수익 인증을 보여 주면서 같이 해 보자고 해요. 스캠 같아요.'],
    ['SPAM', '텔레그램 아이디를 주면서 거기서 얘기하자고만 해요.'],
  ],
  [
    ['ABUSE', '답장을 늦게 했다고 욕을 했어요.'],
    ['ABUSE', '만나자는 걸 거절하니까 계속 연락하면서 모욕적인 말을 해요.'],
  ],
  [['INAPPROPRIATE_PROFILE', '프로필 사진이 연예인 사진 같아요. 사칭인 것 같아요.']],
];

export function planSafety(
  rng: Random,
  members: readonly NewMember[],
  now: Date,
): { reports: DemoReport[]; nudges: DemoNudge[] } {
  const active = members.filter((m) => m.status !== 'INACTIVE');
  // Targets from the back of the list (demo0001… stay the members a visitor signs in as).
  const targets = active.slice(-CASES.length);
  const reporters = active.slice(10, 10 + 8);
  const reports: DemoReport[] = [];
  CASES.forEach((lines, i) => {
    const target = targets[i];
    if (!target) return;
    lines.forEach(([reasonType, content], j) => {
      const reporter = reporters[(i * 3 + j) % reporters.length];
      if (!reporter || reporter.id === target.id) return;
      const at = new Date(now.getTime() - (i * 20 + j * 5 + rng.int(1, 4)) * HOUR_MS);
      reports.push({ reporterId: reporter.id, targetId: target.id, reasonType, content, createdAt: at.toISOString() });
    });
  });
  const kinds: readonly SafetyKind[] = ['ABUSE', 'SEXUAL'];
  const contexts: readonly NudgeContext[] = ['MESSAGE', 'MESSAGE', 'REQUEST'];
  const nudges: DemoNudge[] = Array.from({ length: 24 }, () => {
    const member = rng.pick(active);
    return {
      memberId: member.id,
      context: rng.pick(contexts),
      kinds: rng.pick(kinds),
      // Most people take the second look (Tinder reports about half fewer sends after "Are You Sure?").
      outcome: rng.chance(0.6) ? 'EDITED' : 'SENT',
      createdAt: new Date(now.getTime() - rng.int(1, 28 * 24) * HOUR_MS).toISOString(),
    };
  });
  return { reports, nudges };
}
