// '/community/edit/{id}': the author edits a post; afterwards the post opens over its feed.
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { currentMemberId, useInvalidateCommunity, usePost } from '../../api/community';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';
import '../../styles/community.css';
import { PostForm } from './post-form';
import { postLoadMessage } from './post-load-error';

export function CommunityEditPage() {
  const { id } = useParams();
  const postId = /^\d+$/.test(id ?? '') ? Number(id) : null;
  const post = usePost(postId);
  const navigate = useNavigate();
  const invalidate = useInvalidateCommunity();
  const t = ko.community;

  let body;
  if (postId === null || post.isError) {
    body = (
      <div className="notice notice--error" role="alert">
        {postId === null ? t.postDeleted : postLoadMessage(post.error)}
      </div>
    );
  } else if (!post.data) {
    body = (
      <p className="community-state" role="status">
        <span className="spinner" aria-hidden="true" /> {ko.common.loading}
      </p>
    );
  } else if (post.data.writerId !== currentMemberId()) {
    body = (
      <div className="notice notice--error" role="alert">
        {t.notMine}
      </div>
    );
  } else {
    body = (
      <PostForm
        editing={post.data}
        onSaved={(saved) => {
          showToast(t.updated, 'success');
          void invalidate();
          navigate(`/communityList?category=${saved.category}&post=${saved.id}`);
        }}
        onCancel={() => navigate(-1)}
      />
    );
  }

  return (
    <div className="container container--narrow community-write">
      <h1 className="page-title">{t.editTitle}</h1>
      {body}
      {post.data && post.data.writerId === currentMemberId() ? null : (
        <Link className="btn btn--ghost community-write__back" to="/communityList">
          {t.backToList}
        </Link>
      )}
    </div>
  );
}

/** '/communityDetail?id=' (the spec's link): the feed with that post open. */
export function CommunityDetailRedirect() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return <Navigate to={id && /^\d+$/.test(id) ? `/communityList?post=${id}` : '/communityList'} replace />;
}

/** '/communityEdit?id=' (the spec's link): the edit screen. */
export function CommunityEditRedirect() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return <Navigate to={id && /^\d+$/.test(id) ? `/community/edit/${id}` : '/communityList'} replace />;
}
