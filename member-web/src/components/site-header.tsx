// Top navigation of the shared member frame (docs/product-spec.md §2 "Shared frame").
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useLogout } from '../api/auth-hooks';
import { ko } from '../i18n/ko';
import { ChevronDownIcon, CloseIcon, MenuIcon } from './icons';
import { Logo } from './logo';
import { NotificationBell } from './notification-bell';
import { ReceivedBadge } from './received-badge/received-badge';
import { showToast } from './toast/toast-store';

const navClass = ({ isActive }: { isActive: boolean }) => `site-nav__link${isActive ? ' is-active' : ''}`;

// The drop-down (Radix menu, floating-ui) and the feedback form (zod rules) load when first wanted,
// not with every member page: a stand-in trigger looks and reads the same until the menu has loaded.
const loadMatchingMenu = () => import('./matching-menu');
const loadFeedbackDialog = () => import('./feedback-dialog/feedback-dialog');
const FeedbackDialog = lazy(() => loadFeedbackDialog().then((m) => ({ default: m.FeedbackDialog })));

type MatchingDropdown = Awaited<ReturnType<typeof loadMatchingMenu>>['MatchingDropdown'];

function MatchingMenu() {
  const [Dropdown, setDropdown] = useState<MatchingDropdown | null>(null);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const [focusOnLoad, setFocusOnLoad] = useState(false);
  const standIn = useRef<HTMLButtonElement>(null);
  const loading = useRef(false);

  const load = (open: boolean) => {
    if (open) setOpenOnLoad(true);
    if (loading.current) return;
    loading.current = true;
    void loadMatchingMenu().then(
      (m) => {
        setFocusOnLoad(document.activeElement === standIn.current);
        setDropdown(() => m.MatchingDropdown);
      },
      () => {
        loading.current = false; // offline: the next reach tries again
      },
    );
  };

  if (Dropdown) return <Dropdown defaultOpen={openOnLoad} focusTrigger={focusOnLoad} />;
  return (
    <button
      ref={standIn}
      type="button"
      className="site-nav__link site-nav__trigger"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={() => load(false)}
      onFocus={() => load(false)}
      onPointerDown={(e) => {
        if (e.button === 0 && !e.ctrlKey) load(true);
      }}
      onClick={() => load(true)}
      onKeyDown={(e) => {
        if (e.key === 'ArrowDown') {
          e.preventDefault();
          load(true);
        }
      }}
    >
      {ko.nav.matching}
      <ChevronDownIcon size={16} />
    </button>
  );
}

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  // Mounted from its first opening on, so it can animate closed and give focus back.
  const [feedbackWanted, setFeedbackWanted] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();

  useEffect(() => setMenuOpen(false), [pathname]);
  // The small-screen menu shows the 매칭 trigger: have its drop-down ready.
  useEffect(() => {
    if (menuOpen) loadMatchingMenu().catch(() => undefined);
  }, [menuOpen]);

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
              <NavLink to="/received" className={navClass}>
                {ko.tabBar.received}
                <ReceivedBadge />
              </NavLink>
            </li>
            <li>
              <button
                type="button"
                className="site-nav__link site-nav__feedback"
                onPointerEnter={() => loadFeedbackDialog().catch(() => undefined)}
                onFocus={() => loadFeedbackDialog().catch(() => undefined)}
                onClick={() => {
                  setFeedbackWanted(true);
                  setFeedbackOpen(true);
                }}
              >
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
      {feedbackWanted && (
        <Suspense fallback={null}>
          <FeedbackDialog open={feedbackOpen} onOpenChange={setFeedbackOpen} />
        </Suspense>
      )}
    </header>
  );
}
