// '/communityWrite': a new post (its category preselected from ?category=, the tab it was opened
// from); afterwards the feed of its category, where it is first.
import { useNavigate, useSearchParams } from 'react-router-dom';
import { POST_CATEGORIES, type PostCategory } from '@contract/enums';
import { useInvalidateCommunity } from '../../api/community';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';
import '../../styles/community.css';
import { PostForm } from './post-form';

const categoryFrom = (v: string | null): PostCategory | undefined => POST_CATEGORIES.find((c) => c === v);

export function CommunityWritePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const invalidate = useInvalidateCommunity();
  const t = ko.community;
  return (
    <div className="container container--narrow community-write">
      <h1 className="page-title">{t.writeTitle}</h1>
      <p className="page-lead">{t.writeLead}</p>
      <PostForm
        initialCategory={categoryFrom(params.get('category'))}
        onSaved={(post) => {
          showToast(t.created, 'success');
          void invalidate();
          navigate(`/communityList?category=${post.category}`);
        }}
        onCancel={() => navigate(-1)}
      />
    </div>
  );
}
