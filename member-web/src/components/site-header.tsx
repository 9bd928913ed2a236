// Top navigation of the shared member frame (spec §2 "Shared frame").
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useLogout } from '../api/auth-hooks';
import { ko } from '../i18n/ko';
import { FeedbackDialog } from './feedback-dialog/feedback-dialog';
import { ChevronDownIcon, CloseIcon, MenuIcon } from './icons';
import { Logo } from './logo';
import { NotificationBell } from './notification-bell';
import { showToast } from './toast/toast-store';

const navClass = ({ isActive }: { isActive: boolean }) => `site-nav__link${isActive ? ' is-active' : ''}`;

function MatchingMenu() {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="site-nav__link site-nav__trigger">
        {ko.nav.matching}
        <ChevronDownIcon size={16} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" sideOffset={8} align="start">
          <DropdownMenu.Item asChild className="menu__item">
            <Link to="/random/matching">{ko.nav.randomMatching}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="menu__item">
            <Link to="/location/matching">{ko.nav.locationMatching}</Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();

  useEffect(() => setMenuOpen(false), [pathname]);

  const onLogout = async () => {
    const ok = await logout.mutateAsync();
    if (!ok) showToast(ko.session.logoutFailed);
    navigate('/', { replace: true });
  };

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Logo to="/main" />
        <NotificationBell />
        <button
          type="button"
          className="icon-btn site-header__toggle"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          aria-label={menuOpen ? ko.nav.closeMenu : ko.nav.openMenu}
          onClick={() => setMenuOpen((v) => !v)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        <nav id="site-nav" className={`site-nav${menuOpen ? ' is-open' : ''}`} aria-label={ko.nav.label}>
          <ul className="site-nav__list">
            <li>
              <NavLink to="/about" className={navClass}>
                {ko.nav.about}
              </NavLink>
            </li>
            <li>
              <NavLink to="/notices" className={navClass}>
                {ko.nav.notices}
              </NavLink>
            </li>
            <li>
              <MatchingMenu />
            </li>
            <li>
              <NavLink to="/communityList" className={navClass}>
                {ko.nav.community}
              </NavLink>
            </li>
            <li>
              <NavLink to="/chatting" className={navClass}>
                {ko.nav.chatting}
              </NavLink>
            </li>
            <li>
              <button type="button" className="site-nav__link site-nav__feedback" onClick={() => setFeedbackOpen(true)}>
                {ko.feedback.navButton}
              </button>
            </li>
            <li>
              <NavLink to="/mypage" className={navClass}>
                {ko.nav.mypage}
              </NavLink>
            </li>
            <li>
              <button
                type="button"
                className="site-nav__link site-nav__logout"
                onClick={() => void onLogout()}
                disabled={logout.isPending}
              >
                {ko.nav.logout}
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <FeedbackDialog open={feedbackOpen} onOpenChange={setFeedbackOpen} />
    </header>
  );
}
