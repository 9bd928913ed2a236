// Sidebar. The spec's items are 사용자, 커뮤니티, 공지 등록, 공지 목록, 신고, 피드백, 대시보드, 로그아웃;
// only screens that exist are listed — the others arrive with the admin issue (members, bans,
// reports, notices, feedback), each as a Resource or route plus its item here.
import { Menu } from 'react-admin';
import { LogoutMenuItem } from './LogoutMenuItem';

export function AdminMenu() {
  return (
    <Menu>
      <Menu.DashboardItem />
      <LogoutMenuItem />
    </Menu>
  );
}
