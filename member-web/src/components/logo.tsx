import { Link } from 'react-router-dom';
import { ko } from '../i18n/ko';

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="logo" aria-label={ko.brand.home}>
      <svg viewBox="0 0 64 64" width="32" height="32" aria-hidden="true">
        <defs>
          <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#ffb38a" />
            <stop offset="1" stopColor="#ff6b57" />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="18" fill="url(#logo-g)" />
        <path d="M32 48s-14-8.6-14-19a8 8 0 0 1 14-5.3A8 8 0 0 1 46 29c0 10.4-14 19-14 19z" fill="#fff" />
      </svg>
      <span className="logo__text">{ko.brand.name}</span>
    </Link>
  );
}
