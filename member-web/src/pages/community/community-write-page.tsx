// '/communityWrite': a new post; afterwards the feed of its category, where it is first.
import { useNavigate } from 'react-router-dom';
import { useInvalidateCommunity } from '../../api/community';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';
import '../../styles/community.css';
import { PostForm } from './post-form';

export function CommunityWritePage() {
  const navigate = useNavigate();
  const invalidate = useInvalidateCommunity();
  const t = ko.community;
  return (
    <div className="container container--narrow community-write">
      <h1 className="page-title">{t.writeTitle}</h1>
      <p className="page-lead">{t.writeLead}</p>
      <PostForm
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
