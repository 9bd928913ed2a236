// Community posts, likes, views and comments (api-contract "Community", docs/product-spec.md §3, §5, §9).
// The Worker validates with these schemas and the member SPA's forms use the same ones.
import { z } from 'zod';
import { POST_CATEGORIES, type PostCategory } from './enums';
import { LIMITS } from './limits';
import { textField } from './text-schema';

export const COMMUNITY_LIMITS = {
  commentMax: 1_000,
  /** Cursor pages: the SPA's page and the most one request may ask for. */
  pageSize: 20,
  pageSizeMax: 50,
  /** Posts and comments a member may create per window (server-side). */
  postsPerWindow: 5,
  commentsPerWindow: 20,
  rateWindowSeconds: 600,
} as const;

/** Korean messages of the community rules (docs/product-spec.md §5, §8), shared by the Worker and the SPA. */
export const COMMUNITY_KO = {
  categoryRequired: '카테고리를 선택해 주세요',
  titleRequired: '제목을 입력해 주세요',
  titleTooLong: `제목은 ${LIMITS.postTitle}자 이내로 입력해 주세요`,
  contentTooShort: `${LIMITS.postContentMin}자 이상 입력해 주세요`,
  contentTooLong: `${LIMITS.postContentMax}자 이내로 작성해 주세요`,
  commentRequired: '댓글 내용을 입력해 주세요',
  commentTooLong: `댓글은 ${COMMUNITY_LIMITS.commentMax}자 이내로 작성해 주세요`,
  requestMissing: '게시글 내용을 보내 주세요',
  oneImageOnly: '사진은 한 장만 올릴 수 있어요',
  postNotFound: '게시글을 찾을 수 없어요',
  commentNotFound: '댓글을 찾을 수 없어요',
  tooManyPosts: '글을 너무 자주 올리고 있어요. 잠시 후 다시 시도해 주세요',
  tooManyComments: '댓글을 너무 자주 달고 있어요. 잠시 후 다시 시도해 주세요',
  withdrawnWriter: '탈퇴한 회원',
} as const;

export const POST_CATEGORY_LABELS: Record<PostCategory, string> = {
  FREE: '자유',
  REVIEW: '후기',
  COURSE: '데이트 코스 추천',
};

const M = COMMUNITY_KO;

/** The post fields a member writes: the `request` part of create/update, and the write form. */
export const postDraft = z.strictObject({
  category: z.enum(POST_CATEGORIES, { error: M.categoryRequired }),
  title: textField({ max: LIMITS.postTitle, required: M.titleRequired, tooLong: M.titleTooLong }),
  // Counted after normalising, so five spaces (or zero-width characters) around four letters are still four (docs/product-spec.md §5).
  content: textField({
    min: LIMITS.postContentMin,
    max: LIMITS.postContentMax,
    required: M.contentTooShort,
    tooLong: M.contentTooLong,
  }),
});
export type PostDraft = z.infer<typeof postDraft>;

/**
 * The multipart `request` JSON part of POST/PUT /api/on/community/posts. On PUT,
 * `removeImage: true` drops the current picture (an `image` part replaces it instead).
 */
export const postRequest = postDraft.extend({ removeImage: z.boolean().optional() });
export type PostRequest = z.infer<typeof postRequest>;

/** The comment text (POST body, plain text): not blank once normalised. */
export const commentContent = textField({
  max: COMMUNITY_LIMITS.commentMax,
  required: M.commentRequired,
  tooLong: M.commentTooLong,
});

/** GET /api/on/community/posts query: none (all, newest first) or a cursor page. */
export const postListQuery = z.strictObject({
  category: z.enum(POST_CATEGORIES).optional(),
  /** The id of the last post already shown: the page continues with older ones. */
  cursor: z.coerce.number().int().positive().optional(),
  size: z.coerce.number().int().min(1).max(COMMUNITY_LIMITS.pageSizeMax).optional(),
});
export type PostListQuery = z.infer<typeof postListQuery>;

export type CommunityPost = {
  id: number;
  category: PostCategory;
  title: string;
  content: string;
  createdAt: string;
  views: number;
  likes: number;
  commentsCount: number;
  imageUrl: string | null;
  writerId: number;
  /** '탈퇴한 회원' for a member who left. */
  writerName: string;
  /** The writer's main photo; null means the default picture (also for a member who left). */
  writerProfileImageUrl: string | null;
};

export type CommunityComment = {
  id: number;
  content: string;
  createdAt: string;
  writerId: number;
  writerName: string;
  writerProfileImageUrl: string | null;
};

export type LikeToggleResponse = { liked: boolean; likes: number };
export type ViewResponse = { counted: boolean; views: number };

/** Console list filter (GET /admin/api/posts, ra-data-simple-rest `filter`). */
export const adminPostFilter = z.object({
  category: z.enum(POST_CATEGORIES).optional(),
  q: z.string().trim().max(100).optional(),
});
export const ADMIN_POST_SORT_FIELDS = ['id', 'createdAt', 'views', 'likes', 'commentsCount'] as const;
export type AdminPostSortField = (typeof ADMIN_POST_SORT_FIELDS)[number];
