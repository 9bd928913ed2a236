// Frame for pages anyone may read (notices, feedback): the member frame when signed in, the
// public frame otherwise, so members keep their navigation and visitors are not sent away.
import { Outlet } from 'react-router-dom';
import { MemberFrame } from '../../components/member-frame';
import { PublicFrame } from '../../components/public-frame';
import { hasAccessToken } from '../../lib/storage';

export function OpenFrame() {
  return hasAccessToken() ? (
    <MemberFrame />
  ) : (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
