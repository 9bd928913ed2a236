// Icons of the community screens (decorative: callers give the accessible name).
import { Icon } from '../../components/icons';

/** Community icons are a little smaller than the navigation's. */
const SIZE = 18;

export const HeartIcon = ({ size, filled = false }: { size?: number; filled?: boolean }) => (
  <Icon size={size ?? SIZE}>
    <path
      d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7a4.3 4.3 0 0 1 7.5 2.8C19.5 15.4 12 20 12 20z"
      fill={filled ? 'currentColor' : 'none'}
    />
  </Icon>
);
export const CommentIcon = ({ size }: { size?: number }) => (
  <Icon size={size ?? SIZE}>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
  </Icon>
);
export const EyeIcon = ({ size }: { size?: number }) => (
  <Icon size={size ?? SIZE}>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </Icon>
);
export const PenIcon = ({ size }: { size?: number }) => (
  <Icon size={size ?? SIZE}>
    <path d="M12 20h9" />
    <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
  </Icon>
);
export const TrashIcon = ({ size }: { size?: number }) => (
  <Icon size={size ?? SIZE}>
    <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" />
  </Icon>
);
export const PersonIcon = ({ size }: { size?: number }) => (
  <Icon size={size ?? SIZE}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
  </Icon>
);
