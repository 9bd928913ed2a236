// '/mypage': sidebar tabs (deep-linkable as /mypage?tab=photos …) for managing my profile.
import '../../styles/mypage.css';
import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useRef, type ComponentType } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { InstallPrompt } from '../../components/install-prompt';
import { ko } from '../../i18n/ko';
import { AccountTab } from './account-tab';
import { BlocksTab } from './blocks-tab';
import { DetailsTab } from './details-tab';
import { FeedbackTab } from './feedback-tab';
import { HistoryTab } from './history-tab';
import { InfoTab } from './info-tab';
import { InterestsTab } from './interests-tab';
import { LikesTab } from './likes-tab';
import { NotificationsTab } from './notifications-tab';
import { PhotosTab } from './photos-tab';
import { PrivacyTab } from './privacy-tab';
import { SettingsTab } from './settings-tab';
import { ValuesTab } from './values-tab';

const TABS = {
  photos: PhotosTab,
  info: InfoTab,
  interests: InterestsTab,
  details: DetailsTab,
  values: ValuesTab,
  settings: SettingsTab,
  notifications: NotificationsTab,
  likes: LikesTab,
  history: HistoryTab,
  blocks: BlocksTab,
  privacy: PrivacyTab,
  feedback: FeedbackTab,
  account: AccountTab,
} satisfies Record<keyof typeof ko.mypage.tabs, ComponentType>;

/** 받은 마음 is a page of its own now (/received); its old tab link still lands there. */
const MOVED_TABS: Record<string, string> = { received: '/received' };

export type MypageTab = keyof typeof TABS;
const TAB_IDS = Object.keys(TABS) as MypageTab[];
const isTab = (v: string | null): v is MypageTab => v !== null && v in TABS;

export function MypagePage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: MypageTab = isTab(requested) ? requested : 'photos';
  const t = ko.mypage;
  const list = useRef<HTMLDivElement>(null);
  // A link that opens a tab (`?tab=blocks`) shows it: the tab strip scrolls it into view on phones.
  useEffect(() => {
    list.current
      ?.querySelector('[role="tab"][aria-selected="true"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  const moved = requested ? MOVED_TABS[requested] : undefined;
  if (moved) return <Navigate to={moved} replace />;

  return (
    <div className="page mypage">
      <div className="container">
        <h1 className="page-title">{t.title}</h1>
        <p className="page-lead">{t.lead}</p>
        <InstallPrompt />
        <Tabs.Root
          className="mypage__layout"
          orientation="vertical"
          value={tab}
          onValueChange={(next) => setParams({ tab: next }, { replace: true })}
          activationMode="manual"
        >
          <Tabs.List ref={list} className="mypage__tabs" aria-label={t.tabsLabel}>
            {TAB_IDS.map((id) => (
              <Tabs.Trigger key={id} value={id} className="mypage__tab">
                {t.tabs[id]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {TAB_IDS.map((id) => {
            const Panel = TABS[id];
            return (
              <Tabs.Content key={id} value={id} className="card mypage__panel">
                <h2 className="section-title mypage__panel-title">{t.tabs[id]}</h2>
                <Panel />
              </Tabs.Content>
            );
          })}
        </Tabs.Root>
      </div>
    </div>
  );
}
