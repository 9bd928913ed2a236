// One post in the feed: writer, time, title (2 lines), content (3 lines), thumbnail and counts.
// The title links to the detail overlay (the whole body is its click area); the author also gets
// a delete button.
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { CommunityPost } from '@contract/community';
import { ko } from '../../i18n/ko';
import { formatRelative } from '../../lib/dates';
import { CommentIcon, EyeIcon, HeartIcon, TrashIcon } from './community-icons';
import { WriterAvatar } from './writer-avatar';

interface PostCardProps {
  post: CommunityPost;
  mine: boolean;
  href: string;
  onDelete: (post: CommunityPost) => void;
}

export function PostCard({ post, mine, href, onDelete }: PostCardProps) {
  const titleId = useId();
  const t = ko.community;
  return (
    <article className="post-card" aria-labelledby={titleId}>
      <header className="post-card__head">
        <WriterAvatar url={post.writerProfileImageUrl} name={post.writerName} />
        <div className="post-card__meta">
          <span className="post-card__writer">{post.writerName}</span>
          <time className="post-card__time" dateTime={post.createdAt}>
            {formatRelative(post.createdAt)}
          </time>
        </div>
        {mine ? (
          <button
            type="button"
            className="icon-btn post-card__delete"
            aria-label={t.removePostLabel(post.title)}
            onClick={() => onDelete(post)}
          >
            <TrashIcon />
          </button>
        ) : null}
      </header>
      {/* The title is the link (its name is what it shows); its ::after stretches over the body. */}
      <div className="post-card__body">
        <div className="post-card__text">
          <h2 id={titleId} className="post-card__title">
            <Link className="post-card__link" to={href}>
              {post.title}
            </Link>
          </h2>
          <p className="post-card__content">{post.content}</p>
        </div>
        {post.imageUrl ? (
          <img className="post-card__thumb" src={post.imageUrl} alt={t.postImage} loading="lazy" />
        ) : null}
      </div>
      <p className="post-counts">
        <span className="visually-hidden">{t.countsLabel(post.likes, post.commentsCount, post.views)}</span>
        <span aria-hidden="true">
          <HeartIcon size={16} /> {post.likes}
        </span>
        <span aria-hidden="true">
          <CommentIcon size={16} /> {post.commentsCount}
        </span>
        <span aria-hidden="true">
          <EyeIcon size={16} /> {post.views}
        </span>
      </p>
    </article>
  );
}
