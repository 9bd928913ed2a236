// '/received': 받은 마음 as a page of its own (the phone's tab bar leads here; my
// page's old `?tab=received` link comes here too). The list is my page's received tab, unchanged.
import '../../styles/mypage.css';
import { ko } from '../../i18n/ko';
import { ReceivedTab } from '../mypage/received-tab';

export function ReceivedPage() {
  const t = ko.tabBar.receivedPage;
  return (
    <div className="page received-page">
      <div className="container">
        <h1 className="page-title">{t.title}</h1>
        <p className="page-lead">{t.lead}</p>
        <div className="received-page__list">
          <ReceivedTab />
        </div>
      </div>
    </div>
  );
}
