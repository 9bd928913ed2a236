// The community screens as one lazy chunk (list, overlay, write and edit share most code).
export { CommunityListPage } from './community-list-page';
export { CommunityWritePage } from './community-write-page';
export { CommunityDetailRedirect, CommunityEditPage, CommunityEditRedirect } from './community-edit-page';
