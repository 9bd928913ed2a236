// Sidebar, the spec's items in its order: 사용자, 커뮤니티, 공지 등록, 공지 목록, 신고, then
// 사진 인증 (docs/trust.md "Verified photos", with the number waiting), 피드백, 대시보드, 운영자 관리 (관리자 only),
// 로그아웃; with 안전 데스크 before 신고 and 감사 기록 after 대시보드 (docs/safety.md). A 운영자 does not
// see 공지 등록 nor 운영자 관리.
import CampaignIcon from '@mui/icons-material/Campaign';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EditNoteIcon from '@mui/icons-material/EditNote';
import ForumIcon from '@mui/icons-material/Forum';
import PeopleIcon from '@mui/icons-material/People';
import ReportIcon from '@mui/icons-material/Report';
import RateReviewIcon from '@mui/icons-material/RateReview';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import ShieldIcon from '@mui/icons-material/Shield';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { Menu, useTranslate } from 'react-admin';
import { photoApi } from '../photos/photo-api';
import { useLoad } from '../lib/use-load';
import { useIsAdminRole } from '../lib/use-role';
import { LogoutMenuItem } from './LogoutMenuItem';

export function AdminMenu() {
  const t = useTranslate();
  // Waiting selfies and open duplicate-photo flags (docs/trust.md "Duplicate photos").
  const photos = useLoad(() => photoApi.count());
  const waiting = photos.data ? photos.data.pending + photos.data.duplicates : 0;
  // 공지 등록 and 운영자 관리 are a 관리자's (docs/safety.md "Roles").
  const isAdminRole = useIsAdminRole();
  return (
    <Menu>
      <Menu.Item to="/users" primaryText={t('ongi.menu.users')} leftIcon={<PeopleIcon />} />
      <Menu.Item to="/community" primaryText={t('ongi.menu.community')} leftIcon={<ForumIcon />} />
      {isAdminRole && (
        <Menu.Item to="/notices/create" primaryText={t('ongi.menu.notice_create')} leftIcon={<EditNoteIcon />} />
      )}
      <Menu.Item to="/notices" primaryText={t('ongi.menu.notices')} leftIcon={<CampaignIcon />} end />
      <Menu.Item to="/safety-desk" primaryText={t('ongi.desk.menu')} leftIcon={<ShieldIcon />} />
      <Menu.Item to="/reports" primaryText={t('ongi.menu.reports')} leftIcon={<ReportIcon />} />
      <Menu.Item
        to="/photo-verifications"
        primaryText={waiting > 0 ? t('ongi.menu.photos_count', { count: waiting }) : t('ongi.menu.photos')}
        leftIcon={<VerifiedUserIcon />}
      />
      <Menu.Item to="/feedback" primaryText={t('ongi.menu.feedback')} leftIcon={<RateReviewIcon />} />
      <Menu.Item to="/dashboard" primaryText={t('ongi.menu.dashboard')} leftIcon={<DashboardIcon />} />
      <Menu.Item to="/audit-log" primaryText={t('ongi.audit.menu')} leftIcon={<FactCheckIcon />} />
      {isAdminRole && (
        <Menu.Item to="/operators" primaryText={t('ongi.menu.operators')} leftIcon={<ManageAccountsIcon />} />
      )}
      <LogoutMenuItem />
    </Menu>
  );
}
