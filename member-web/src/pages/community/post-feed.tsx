// One tab's list: cards newest first, more as the end scrolls into view, an empty message.
import type { CommunityPost } from '@contract/community';
import type { PostCategory } from '@contract/enums';
import { ko } from '../../i18n/ko';
import { PostCard } from './post-card';
import { useEndOfList, usePostFeed } from './use-post-feed';

interface PostFeedProps {
  category: PostCategory;
  me: number | null;
  hrefOf: (post: CommunityPost) => string;
  onDelete: (post: CommunityPost) => void;
}

export function PostFeed({ category, me, hrefOf, onDelete }: PostFeedProps) {
  const { posts, loading, failed, hasMore, loadingMore, loadMore } = usePostFeed(category);
  const endRef = useEndOfList(loadMore, hasMore);
  const t = ko.community;

  if (loading) {
    return (
      <p className="community-state" role="status">
        <span className="spinner" aria-hidden="true" /> {ko.common.loading}
      </p>
    );
  }
  if (posts.length === 0) {
    // A failed list was logged by the hook; the member sees the calm empty state (docs/product-spec.md §8).
    return <p className="community-state community-state--empty">{failed ? null : t.empty[category]}</p>;
  }
  return (
    <>
      <ul className="post-list">
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} mine={post.writerId === me} href={hrefOf(post)} onDelete={onDelete} />
          </li>
        ))}
      </ul>
      <div ref={endRef} className="post-list__end">
        {loadingMore ? (
          <p role="status">{t.loadingMore}</p>
        ) : hasMore ? (
          <button type="button" className="btn btn--ghost" onClick={loadMore}>
            {t.loadMore}
          </button>
        ) : (
          <p>{t.end}</p>
        )}
      </div>
    </>
  );
}
