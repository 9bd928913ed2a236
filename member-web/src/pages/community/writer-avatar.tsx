// A writer's main photo, or the default picture (no photo, or a member who left).
import { ko } from '../../i18n/ko';
import { PersonIcon } from './community-icons';

export function WriterAvatar({ url, name, size = 40 }: { url: string | null; name: string; size?: number }) {
  const style = { width: size, height: size };
  return url ? (
    <img className="writer-avatar" src={url} alt={ko.community.writerAvatar(name)} style={style} loading="lazy" />
  ) : (
    <span
      className="writer-avatar writer-avatar--default"
      role="img"
      aria-label={ko.community.writerAvatar(name)}
      style={style}
    >
      <PersonIcon size={Math.round(size * 0.55)} />
    </span>
  );
}
