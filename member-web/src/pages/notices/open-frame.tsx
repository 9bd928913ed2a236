// Frame for pages anyone may read (notices, feedback): the member frame when signed in, the
// public frame otherwise, so members keep their navigation and visitors are not sent away.
// The member frame (live channel, header menus, dialogs) loads only for members: a visitor's
// notices page does not carry it.
import { lazy } from 'react';
import { Outlet } from 'react-router-dom';
import { PublicFrame } from '../../components/public-frame';
import { hasAccessToken } from '../../lib/storage';

const loadMemberFrame = () => import('../../components/member-frame');
const MemberFrame = lazy(() => loadMemberFrame().then((m) => ({ default: m.MemberFrame })));
// A member's frame starts loading with this module, alongside the page's own chunk.
if (hasAccessToken()) void loadMemberFrame();

export function OpenFrame() {
  return hasAccessToken() ? (
    <MemberFrame />
  ) : (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
