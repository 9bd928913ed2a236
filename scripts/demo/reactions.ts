// Demo reactions, so a fresh local service looks lived in: likes and comments on the demo posts,
// and a few chat requests waiting for the first demo members (sign in as demo0001 and the
// chat page's 요청 tab has someone to accept).
import type { NewMember } from '../../worker/src/areas/demo/repo';
import type { Random } from './random';

export type DemoPost = { id: number; memberId: number; category: string; createdAt: string };
export type DemoLike = { postId: number; memberId: number; createdAt: string };
export type DemoComment = { postId: number; memberId: number; content: string; createdAt: string };
export type DemoRequest = { requesterId: number; targetId: number; createdAt: string };

const DAY_MS = 86_400_000;
/** demo0001 … demo0006 find requests waiting for them. */
const REQUESTED_MEMBERS = 6;

const COMMENTS: Record<string, readonly string[]> = {
  FREE: [
    '저도 완전 공감해요!',
    '좋은 얘기 나눠 주셔서 고마워요 :)',
    '저만 그런 게 아니었군요 ㅎㅎ',
    '읽다가 웃었어요. 오늘도 좋은 하루 보내세요!',
    '저는 조금 다르게 생각했는데, 이 글 보고 마음이 바뀌었어요.',
    '다음 얘기도 기다릴게요.',
    '따뜻한 글이네요. 힘내세요!',
  ],
  REVIEW: [
    '와, 설레는 후기네요! 좋은 인연 이어 가세요.',
    '저도 이렇게 만날 수 있으면 좋겠어요 ㅎㅎ',
    '후기 보니까 용기가 나요.',
    '두 분 잘되길 응원할게요!',
    '첫 만남 장소 팁 고마워요. 참고할게요.',
  ],
  COURSE: [
    '이번 주말에 가 봐야겠어요!',
    '여기 저도 가 봤는데 정말 좋았어요.',
    '코스 저장해 둘게요. 고마워요 :)',
    '비 오는 날에도 괜찮을까요?',
    '주차는 편한 편인가요?',
    '사진 보니까 분위기 너무 좋네요.',
  ],
};

const seeks = (a: NewMember, b: NewMember): boolean => a.lookingFor === 'both' || a.lookingFor === b.gender;
const yearsApart = (a: NewMember, b: NewMember): number =>
  Math.abs(Date.parse(a.birthday) - Date.parse(b.birthday)) / (365.25 * DAY_MS);
const shareKind = (a: NewMember, b: NewMember): boolean =>
  Boolean((a.romanceMatching && b.romanceMatching) || (a.friendMatching && b.friendMatching));

/** A time between `from` and `to` (ISO), never in the future. */
function between(rng: Random, from: string, to: Date): string {
  const start = Date.parse(from);
  return new Date(start + rng.next() * Math.max(0, to.getTime() - start)).toISOString();
}

export function planReactions(
  rng: Random,
  people: readonly NewMember[],
  posts: readonly DemoPost[],
  now: Date,
): { likes: DemoLike[]; comments: DemoComment[]; requests: DemoRequest[] } {
  const active = people.filter((m) => m.status === 'ACTIVE');
  const likes: DemoLike[] = [];
  const comments: DemoComment[] = [];
  for (const post of posts) {
    const others = active.filter((m) => m.id !== post.memberId);
    for (const liker of rng.sample(others, rng.int(0, 14))) {
      likes.push({ postId: post.id, memberId: liker.id, createdAt: between(rng, post.createdAt, now) });
    }
    const texts = COMMENTS[post.category] ?? COMMENTS.FREE ?? [];
    const commenters = rng.sample(others, rng.int(0, 4));
    const times = commenters.map(() => between(rng, post.createdAt, now)).sort();
    commenters.forEach((author, i) => {
      comments.push({
        postId: post.id,
        memberId: author.id,
        content: rng.pick(texts),
        createdAt: times[i] ?? now.toISOString(),
      });
    });
  }

  // People who would plausibly ask: both sides seek each other, share a matching kind, close in age.
  const requests: DemoRequest[] = [];
  const asked = new Set<number>();
  for (const target of people.slice(0, REQUESTED_MEMBERS)) {
    if (target.status !== 'ACTIVE') continue;
    const suitors = active.filter(
      (m) =>
        m.id !== target.id &&
        !asked.has(m.id) &&
        seeks(m, target) &&
        seeks(target, m) &&
        shareKind(m, target) &&
        yearsApart(m, target) <= 8,
    );
    for (const requester of rng.sample(suitors, rng.int(2, 3))) {
      asked.add(requester.id);
      const at = new Date(now.getTime() - rng.between(0.05, 3) * DAY_MS).toISOString();
      requests.push({ requesterId: requester.id, targetId: target.id, createdAt: at });
    }
  }
  return { likes, comments, requests };
}
