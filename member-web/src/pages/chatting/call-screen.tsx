// In-app calls on the room page (docs/voice.md "Calls"): the header's 통화하기 menu (음성 / 영상), the
// incoming sheet (받기 / 거절, the caller's name and photo, a vibration; the sheet itself is
// components/call-ring-sheet.tsx), and the call screen at
// phone and desktop size (mute, camera, switch camera, speaker where setSinkId exists, hang up, the
// timer, the connection state, 신고하기 during and after). Escape never hangs up silently.
import * as Dialog from '@radix-ui/react-dialog';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { CallKind } from '@contract/voice';
import { fetchIceServers } from '../../api/chat';
import { ko } from '../../i18n/ko';
import { showsCallScreen } from '../../lib/call-machine';
import { CallSession, type CallSignal, type CallSnapshot } from '../../lib/call-session';
import { ChatAvatar } from './chat-avatar';
import { RingSheet } from '../../components/call-ring-sheet';
import { takeAnswer } from '../../lib/call-ring';
import type { CallHandlers } from './use-room-connection';
import '../../styles/calls.css';

/** One CallSession per room view, wired to the room socket through `signal`. */
export function useCallSession(opponentId: number, signal: CallSignal) {
  const [session] = useState(() => new CallSession({ opponentId, signal, iceServers: fetchIceServers }));
  const handlers = useRef<CallHandlers | null>({
    onCall: (frame) => void session.onFrame(frame).catch((err: unknown) => console.error('call frame failed', err)),
    onReady: () => session.onReady(),
    onClosed: () => session.roomClosed(),
  });
  useEffect(() => {
    const online = () => session.networkChanged();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      session.stop();
    };
  }, [session]);
  const snap = useSyncExternalStore(session.subscribe, session.getSnapshot);
  return { session, snap, handlers };
}

export function CallButton(props: { disabled: boolean; busy: boolean; onCall: (kind: CallKind) => void }) {
  const t = ko.calls;
  if (props.disabled) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="icon-button chat-room__call" aria-label={t.button} disabled={props.busy}>
        <PhoneIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu chat-room-menu" sideOffset={6} align="end">
          {(['VOICE', 'VIDEO'] as const).map((kind) => (
            <DropdownMenu.Item key={kind} className="menu__item" onSelect={() => props.onCall(kind)}>
              {t.menu[kind]}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function CallOverlay(props: {
  session: CallSession;
  snap: CallSnapshot;
  opponentName: string;
  opponentPhotoUrl: string | null;
  onReport?: () => void;
}) {
  const { snap } = props;
  if (snap.phase === 'incoming') return <IncomingSheet {...props} />;
  if (showsCallScreen(snap.phase)) return <CallScreen {...props} />;
  return null;
}

function IncomingSheet(props: {
  session: CallSession;
  snap: CallSnapshot;
  opponentName: string;
  opponentPhotoUrl: string | null;
}) {
  return (
    <RingSheet
      name={props.opponentName}
      photoUrl={props.opponentPhotoUrl}
      kind={props.snap.kind}
      onAccept={() => void props.session.accept()}
      onDecline={() => props.session.decline()}
    />
  );
}

/**
 * 받기 tapped on the ringing sheet of another screen (components/call-ring-sheet.tsx): the member came
 * here for it, so this room accepts that call as soon as it rings here (the same accept as the room's sheet).
 */
export function useAnswerFromRing(roomId: number, session: CallSession, snap: CallSnapshot) {
  useEffect(() => {
    if (snap.phase === 'incoming' && takeAnswer(roomId, snap.callId)) void session.accept();
  }, [roomId, session, snap.phase, snap.callId]);
}

function useTimer(since: string | null, running: boolean): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [running]);
  if (!since) return null;
  const ms = Math.max(0, now - Date.parse(since));
  const s = Math.floor(ms / 1_000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** setSinkId (Chrome, Edge, Firefox): the speaker can be chosen; elsewhere the button is hidden. */
function useSpeakers(): { outputs: MediaDeviceInfo[]; supported: boolean } {
  const supported = typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;
  const [outputs, setOutputs] = useState<MediaDeviceInfo[]>([]);
  useEffect(() => {
    if (!supported || !navigator.mediaDevices?.enumerateDevices) return;
    navigator.mediaDevices
      .enumerateDevices()
      .then((devices) => setOutputs(devices.filter((d) => d.kind === 'audiooutput')))
      .catch(() => setOutputs([]));
  }, [supported]);
  return { outputs, supported };
}

function CallScreen(props: {
  session: CallSession;
  snap: CallSnapshot;
  opponentName: string;
  opponentPhotoUrl: string | null;
  onReport?: () => void;
}) {
  const t = ko.calls;
  const { session, snap } = props;
  const video = snap.kind === 'VIDEO';
  const remoteRef = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const localRef = useRef<HTMLVideoElement>(null);
  const [hint, setHint] = useState('');
  const speakers = useSpeakers();
  const [speaker, setSpeaker] = useState(0);
  const timer = useTimer(snap.acceptedAt, snap.phase === 'connected' || snap.phase === 'reconnecting');

  useEffect(() => {
    if (remoteRef.current) remoteRef.current.srcObject = snap.remoteStream;
  }, [snap.remoteStream]);
  useEffect(() => {
    if (localRef.current) localRef.current.srcObject = snap.localStream;
  }, [snap.localStream]);

  const nextSpeaker = () => {
    const el = remoteRef.current as (HTMLMediaElement & { setSinkId?: (id: string) => Promise<void> }) | null;
    const next = (speaker + 1) % speakers.outputs.length;
    const id = speakers.outputs[next]?.deviceId;
    if (!el?.setSinkId || id === undefined) return;
    el.setSinkId(id)
      .then(() => setSpeaker(next))
      .catch((err: unknown) => console.error('choosing the speaker failed', err));
  };

  const ended = snap.phase === 'ended';
  const status = ended
    ? snap.error
      ? t.errors[snap.error]
      : t.phase.ended
    : snap.phase === 'outgoing'
      ? t.phase.outgoing
      : snap.phase === 'connected'
        ? t.phase.connected
        : snap.phase === 'reconnecting'
          ? t.phase.reconnecting
          : t.phase.connecting;
  const label = t.screenLabel(props.opponentName, snap.kind);

  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Content
          className={`call-screen${video ? ' call-screen--video' : ''}`}
          aria-describedby={undefined}
          onEscapeKeyDown={(e) => {
            // Escape never ends a call by itself: the ended screen closes, a live call says how to end it.
            e.preventDefault();
            if (ended) session.dismiss();
            else setHint(t.escapeHint);
          }}
          onPointerDownOutside={(e) => e.preventDefault()}
        >
          <Dialog.Title className="visually-hidden">{label}</Dialog.Title>
          <div className="call-screen__stage">
            {video ? (
              <video
                ref={remoteRef}
                className="call-screen__remote"
                autoPlay
                playsInline
                aria-label={t.theirVideo(props.opponentName)}
              />
            ) : (
              <audio ref={remoteRef} autoPlay />
            )}
            {!video || snap.phase !== 'connected' ? (
              <div className="call-screen__who">
                <ChatAvatar url={props.opponentPhotoUrl} size={96} />
                <p className="call-screen__name">{props.opponentName}</p>
              </div>
            ) : null}
            {video && snap.localStream ? (
              <video ref={localRef} className="call-screen__local" autoPlay playsInline muted aria-label={t.myVideo} />
            ) : null}
          </div>
          <div className="call-screen__status" role="status" aria-live="polite">
            <span data-testid="call-phase" data-phase={snap.phase}>
              {status}
            </span>
            {timer && !ended ? (
              <span className="call-screen__timer" aria-label={t.timer(timer)}>
                {timer}
              </span>
            ) : null}
          </div>
          {hint && !ended ? (
            <p className="call-screen__hint" role="alert">
              {hint}
            </p>
          ) : null}
          {/* Debug hook for the browser test (docs/voice.md "Calls"): media bytes from getStats. */}
          <span
            hidden
            data-testid="call-stats"
            data-bytes-received={snap.bytesReceived}
            data-bytes-sent={snap.bytesSent}
          />
          <div className="call-screen__controls">
            {ended ? (
              <button type="button" className="btn btn--primary" onClick={() => session.dismiss()}>
                {t.close}
              </button>
            ) : (
              <>
                <button
                  type="button"
                  className={`call-ctl${snap.muted ? ' call-ctl--on' : ''}`}
                  aria-pressed={snap.muted}
                  onClick={() => session.toggleMute()}
                >
                  {snap.muted ? t.unmute : t.mute}
                </button>
                {video ? (
                  <button
                    type="button"
                    className={`call-ctl${snap.cameraOff ? ' call-ctl--on' : ''}`}
                    aria-pressed={snap.cameraOff}
                    onClick={() => session.toggleCamera()}
                  >
                    {snap.cameraOff ? t.cameraOn : t.cameraOff}
                  </button>
                ) : null}
                {video && snap.canSwitchCamera ? (
                  <button type="button" className="call-ctl" onClick={() => void session.switchCamera()}>
                    {t.switchCamera}
                  </button>
                ) : null}
                {speakers.supported && speakers.outputs.length > 1 ? (
                  <button type="button" className="call-ctl" onClick={nextSpeaker}>
                    {t.speaker}
                  </button>
                ) : null}
                <button type="button" className="call-ctl call-ctl--hangup" onClick={() => session.hangUp()}>
                  {snap.phase === 'outgoing' ? t.cancel : t.hangUp}
                </button>
              </>
            )}
            {props.onReport ? (
              <button type="button" className="link-button call-screen__report" onClick={props.onReport}>
                {t.report}
              </button>
            ) : null}
          </div>
          {ended ? null : <p className="call-screen__privacy">{t.privacy}</p>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PhoneIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
      />
    </svg>
  );
}
