// Demo community posts by demo members: free talk, meeting reviews and date courses.
import type { NewMember } from '../../worker/src/areas/demo/repo';
import type { NewPost } from '../../worker/src/areas/community/repo';
import { formatLocation, type PostCategory } from '../../worker/src/contract';
import * as T from './post-texts';
import type { Random } from './random';
import type { Scene } from './scenes';

export type PostPlan = NewPost & { picture: Scene | null };

const fillSlots = (text: string, slots: Record<string, string>): string =>
  text.replace(/\{(\w+)\}/g, (_m, k: string) => slots[k] ?? '');

const paragraphs = (...parts: string[]): string => parts.filter(Boolean).join('\n\n');

function freePost(rng: Random): { title: string; content: string } {
  const topic = rng.pick(T.FREE_TOPICS);
  const lines = rng.sample(topic.lines, rng.int(2, 3)).join(' ');
  return { title: rng.pick(topic.titles), content: paragraphs(rng.pick(T.OPENERS), lines, rng.pick(T.CLOSERS)) };
}

function reviewPost(rng: Random, slots: Record<string, string>): { title: string; content: string } {
  const body = [T.REVIEW_STARTS, T.REVIEW_MEETINGS, T.REVIEW_FEELINGS, T.REVIEW_ENDS].map((list) =>
    fillSlots(rng.pick(list), slots),
  );
  return {
    title: fillSlots(rng.pick(T.REVIEW_TITLES), slots),
    content: paragraphs(body[0] ?? '', body.slice(1).join(' ')),
  };
}

function coursePost(rng: Random, slots: Record<string, string>): { title: string; content: string } {
  const stops = T.COURSE_STOPS.map((list, i) => `${i + 1}. ${rng.pick(list)}`).join('\n');
  const title = `${slots.place} ${rng.pick(T.COURSE_THEMES)} 데이트 코스 추천해요`;
  return { title, content: paragraphs('제가 좋아하는 코스 공유해요.', stops, rng.pick(T.COURSE_TIPS)) };
}

const PLAN: readonly [PostCategory, number][] = [
  ['FREE', 24],
  ['REVIEW', 16],
  ['COURSE', 20],
];

/** Posts ordered by time, so ids (newest first by id) agree with createdAt. */
export function planPosts(
  rng: Random,
  authors: readonly NewMember[],
  now: Date,
  interestsOf: (id: number) => string[],
): PostPlan[] {
  const posts: PostPlan[] = [];
  for (const [category, count] of PLAN) {
    for (let i = 0; i < count; i++) {
      const author = rng.pick(authors);
      const place = author.city && author.district ? formatLocation(author.city, author.district) : '우리 동네';
      const slots = { place, weeks: String(rng.int(1, 4)), interest: rng.pick(interestsOf(author.id).concat('산책')) };
      const text =
        category === 'FREE' ? freePost(rng) : category === 'REVIEW' ? reviewPost(rng, slots) : coursePost(rng, slots);
      const from = Date.parse(author.createdAt ?? now.toISOString());
      const created = new Date(from + rng.next() * (now.getTime() - from)).toISOString();
      const picture: Scene | null =
        category === 'COURSE' && rng.chance(0.5)
          ? rng.pick<Scene>(['park', 'beach', 'cafe', 'night'])
          : category === 'REVIEW' && rng.chance(0.25)
            ? 'cafe'
            : null;
      posts.push({
        memberId: author.id,
        category,
        ...text,
        views: rng.int(3, 240),
        createdAt: created,
        updatedAt: created,
        picture,
      });
    }
  }
  return posts.sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''));
}
