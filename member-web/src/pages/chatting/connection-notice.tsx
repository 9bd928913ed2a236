// The visible connection state: '다시 연결하는 중이에요…' with the countdown and a way to retry now,
// or, while the browser is offline, that it is (retrying before the network is back is pointless).
import { useEffect, useState } from 'react';
import { ko } from '../../i18n/ko';
import type { SocketState } from '../../lib/chat-socket';

export function ConnectionNotice(props: {
  state: SocketState;
  retryInMs: number | null;
  offline: boolean;
  onRetry: () => void;
}) {
  const t = ko.chat;
  const seconds = useCountdown(props.state === 'reconnecting' ? props.retryInMs : null);
  if (props.offline && props.state !== 'ended') {
    return (
      <p className="connection-notice" role="status">
        <span className="connection-notice__dot" aria-hidden="true" />
        {t.offline}
      </p>
    );
  }
  if (props.state === 'open' || props.state === 'connecting') return null;
  if (props.state === 'ended') {
    return (
      <p className="connection-notice connection-notice--ended" role="alert">
        {t.connectionEnded}
      </p>
    );
  }
  return (
    <p className="connection-notice" role="status">
      <span className="connection-notice__dot" aria-hidden="true" />
      {t.reconnecting}
      {seconds !== null && seconds > 0 ? (
        <span className="connection-notice__when"> {t.reconnectIn(seconds)}</span>
      ) : null}
      <button type="button" className="link-button" onClick={props.onRetry}>
        {t.reconnectNow}
      </button>
    </p>
  );
}

function useCountdown(ms: number | null): number | null {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (ms === null) {
      setLeft(null);
      return;
    }
    const until = Date.now() + ms;
    const tick = () => setLeft(Math.max(0, Math.ceil((until - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [ms]);
  return left;
}
