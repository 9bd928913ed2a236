// Footer of the landing page and the shared member frame (docs/product-spec.md §2).
import { Link } from 'react-router-dom';
import { ko } from '../i18n/ko';
import { BlogIcon, InstagramIcon, MailIcon } from './icons';
import { Logo } from './logo';

type FooterLink = { to: string; label: string };

const LINKS: Record<'public' | 'member', FooterLink[]> = {
  // Visitors: notices and feedback (spec "Landing"), plus the documents they agree to.
  public: [
    { to: '/notices', label: ko.footer.notices },
    { to: '/feedback', label: ko.footer.feedback },
    { to: '/terms', label: ko.footer.terms },
    { to: '/privacy', label: ko.footer.privacy },
  ],
  member: [
    { to: '/terms', label: ko.footer.terms },
    { to: '/privacy', label: ko.footer.privacy },
    { to: '/about#company', label: ko.footer.company },
    { to: '/about#guide', label: ko.footer.guide },
  ],
};

export function SiteFooter({ variant = 'member' }: { variant?: 'public' | 'member' }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <Logo to={variant === 'member' ? '/main' : '/'} />
          <p className="site-footer__slogan">{ko.brand.slogan}</p>
        </div>
        <nav aria-label={ko.footer.label}>
          <ul className="site-footer__links">
            {LINKS[variant].map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-footer__company">
          {ko.footer.companyLines.map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p>{ko.footer.copyright}</p>
        </div>
        <ul className="site-footer__social" aria-label={ko.footer.social}>
          {/* The team has no social accounts yet: the icons say so instead of linking nowhere. */}
          <li>
            <span
              className="social-icon social-icon--soon"
              role="img"
              aria-label={ko.footer.instagram}
              title={ko.footer.instagram}
            >
              <InstagramIcon />
            </span>
          </li>
          <li>
            <span
              className="social-icon social-icon--soon"
              role="img"
              aria-label={ko.footer.blog}
              title={ko.footer.blog}
            >
              <BlogIcon />
            </span>
          </li>
          <li>
            <a className="social-icon" href="mailto:hello@ongi.dev" aria-label={ko.footer.email}>
              <MailIcon />
            </a>
          </li>
        </ul>
      </div>
    </footer>
  );
}
