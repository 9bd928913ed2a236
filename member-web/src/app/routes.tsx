// Every route of the member app. Only the landing page is in the initial bundle; every other
// route loads on demand through the router's `lazy`, which fetches a layout and its page in
// parallel (no waterfall). Routes of later issues are not registered until they exist: an
// unknown path shows the 404 page.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { PageLoading } from '../components/page-loading';
import { RequireMember } from '../components/require-member';
import { LandingPage } from '../pages/landing/landing-page';
import { RootLayout, RouteError } from './root-layout';

/** A route module's named component as the router's lazy route. */
function lazyRoute<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

const community = () => import('../pages/community/community-routes');
const communityRoutes: RouteObject[] = [
  { path: '/communityList', lazy: lazyRoute(community, 'CommunityListPage') },
  { path: '/communityWrite', lazy: lazyRoute(community, 'CommunityWritePage') },
  { path: '/community/edit/:id', lazy: lazyRoute(community, 'CommunityEditPage') },
  { path: '/communityDetail', lazy: lazyRoute(community, 'CommunityDetailRedirect') },
  { path: '/communityEdit', lazy: lazyRoute(community, 'CommunityEditRedirect') },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { path: '/', element: <LandingPage /> },
      {
        lazy: lazyRoute(() => import('./query-layout'), 'QueryLayout'),
        children: [
          {
            path: '/naver/callback',
            lazy: lazyRoute(() => import('../pages/callback/callback-page'), 'NaverCallbackPage'),
          },
          {
            path: '/kakao/callback',
            lazy: lazyRoute(() => import('../pages/callback/callback-page'), 'KakaoCallbackPage'),
          },
          {
            path: '/member/termsAgree',
            lazy: lazyRoute(() => import('../pages/terms-agree/terms-agree-page'), 'TermsAgreePage'),
          },
          {
            path: '/signup/verify',
            lazy: lazyRoute(() => import('../pages/identity/signup-verify-page'), 'SignupVerifyPage'),
          },
          { path: '/signup', lazy: lazyRoute(() => import('../pages/signup/signup-page'), 'SignupPage') },
          { path: '/terms', lazy: lazyRoute(() => import('../pages/legal/terms-page'), 'TermsPage') },
          { path: '/privacy', lazy: lazyRoute(() => import('../pages/legal/privacy-page'), 'PrivacyPage') },
          // 데이트 공유: a friend without an account opens the link (docs/privacy.md).
          { path: '/share/:token', lazy: lazyRoute(() => import('../pages/share/share-page'), 'SharePage') },
          {
            element: <RequireMember />,
            children: [
              { path: '/location', lazy: lazyRoute(() => import('../pages/location/location-page'), 'LocationPage') },
              {
                path: '/identity/verify',
                lazy: lazyRoute(() => import('../pages/identity/member-verify-page'), 'MemberVerifyPage'),
              },
              {
                path: '/signup/details',
                lazy: lazyRoute(() => import('../pages/signup/signup-details-page'), 'SignupDetailsPage'),
              },
              {
                lazy: lazyRoute(() => import('../components/member-frame'), 'MemberFrame'),
                children: [
                  { path: '/main', lazy: lazyRoute(() => import('../pages/main/home-page'), 'HomePage') },
                  { path: '/about', lazy: lazyRoute(() => import('../pages/about/about-page'), 'AboutPage') },
                  {
                    path: '/random/matching',
                    lazy: lazyRoute(
                      () => import('../pages/random-matching/random-matching-page'),
                      'RandomMatchingPage',
                    ),
                  },
                  {
                    path: '/location/matching',
                    lazy: lazyRoute(
                      () => import('../pages/location-matching/location-matching-page'),
                      'LocationMatchingPage',
                    ),
                  },
                  { path: '/mypage', lazy: lazyRoute(() => import('../pages/mypage/mypage-page'), 'MypagePage') },
                  {
                    path: '/mypage/verify-photo',
                    lazy: lazyRoute(() => import('../pages/verify-photo/verify-photo-page'), 'VerifyPhotoPage'),
                  },
                  {
                    path: '/received',
                    lazy: lazyRoute(() => import('../pages/received/received-page'), 'ReceivedPage'),
                  },
                  {
                    // One route for the list and a room, so opening a room keeps the page (and its live channel).
                    path: '/chatting/:chatRoomId?',
                    lazy: lazyRoute(() => import('../pages/chatting/chatting-page'), 'ChattingPage'),
                  },
                  {
                    path: '/notifications',
                    lazy: lazyRoute(() => import('../pages/notifications/notifications-page'), 'NotificationsPage'),
                  },
                  {
                    path: '/profile/:memberId',
                    lazy: lazyRoute(() => import('../pages/profile/profile-page'), 'ProfilePage'),
                  },
                  {
                    path: '/profiles/:memberId',
                    lazy: lazyRoute(() => import('../pages/profile/profile-page'), 'ProfilePage'),
                  },
                  ...communityRoutes,
                ],
              },
            ],
          },
          {
            // Readable without signing in: the member frame for members, the public frame for visitors.
            lazy: lazyRoute(() => import('../pages/notices/open-frame'), 'OpenFrame'),
            children: [
              { path: '/notices', lazy: lazyRoute(() => import('../pages/notices/notices-page'), 'NoticesPage') },
              {
                path: '/notices/:id',
                lazy: lazyRoute(() => import('../pages/notices/notice-detail-page'), 'NoticeDetailPage'),
              },
              { path: '/feedback', lazy: lazyRoute(() => import('../pages/feedback/feedback-page'), 'FeedbackPage') },
            ],
          },
          { path: '*', lazy: lazyRoute(() => import('../pages/not-found/not-found-page'), 'NotFoundPage') },
        ],
      },
    ],
  },
];
