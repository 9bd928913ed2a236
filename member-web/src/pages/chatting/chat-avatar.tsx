// An opponent's main photo, or the default picture (no photo, or a member who left).
import { UserIcon } from '../../components/icons';

export function ChatAvatar({ url, size = 44 }: { url: string | null; size?: number }) {
  const style = { width: size, height: size };
  return url ? (
    <img className="chat-avatar" src={url} alt="" style={style} loading="lazy" />
  ) : (
    <span className="chat-avatar chat-avatar--default" style={style} aria-hidden="true">
      <UserIcon size={Math.round(size * 0.5)} />
    </span>
  );
}
