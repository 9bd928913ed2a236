// An incoming call (docs/voice.md "Calls", "Ringing on any screen"). `RingSheet` is the sheet itself:
// the caller's photo and name, 음성 / 영상 통화, 받기 and 거절, shown by the room (call-screen.tsx) and,
// for a member elsewhere in the app, by `CallRingSheet` from the live channel's `call-ringing`
// frames. Escape never declines silently (as on the call screen): only 거절 does.
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { LiveServerFrame } from '@contract/chat';
import type { CallKind } from '@contract/voice';
import { declineRingingCall } from '../api/chat';
import { ko } from '../i18n/ko';
import { answerWhenRinging } from '../lib/call-ring';
import { ChatAvatar } from '../pages/chatting/chat-avatar';
import { useLiveHub } from './live-channel';
import '../styles/call-sheet.css';

export function RingSheet(props: {
  name: string;
  photoUrl: string | null;
  kind: CallKind;
  onAccept: () => void;
  onDecline: () => void;
}) {
  const t = ko.calls;
  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="call-sheet"
          role="alertdialog"
          onEscapeKeyDown={(e) => e.preventDefault()}
          onPointerDownOutside={(e) => e.preventDefault()}
        >
          <ChatAvatar url={props.photoUrl} size={72} />
          <Dialog.Title className="call-sheet__title">{t.incomingTitle(props.name, props.kind)}</Dialog.Title>
          <Dialog.Description className="call-sheet__body">{t.incomingBody}</Dialog.Description>
          <div className="call-sheet__actions">
            <button type="button" className="btn call-btn call-btn--decline" onClick={props.onDecline}>
              {t.decline}
            </button>
            <button type="button" className="btn call-btn call-btn--accept" onClick={props.onAccept}>
              {t.accept}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type Ringing = Extract<LiveServerFrame, { type: 'call-ringing' }>;

/** The calls ringing for me on the live channel (the newest first), until they end or run out. */
function useRinging(): [Ringing | null, (callId: string) => void] {
  const hub = useLiveHub();
  const [rings, setRings] = useState<Ringing[]>([]);
  const drop = (callId: string) => setRings((list) => list.filter((r) => r.callId !== callId));

  useEffect(() => {
    if (!hub) return;
    return hub.listen((frame) => {
      if (frame.type === 'call-ringing') setRings((list) => [frame, ...list.filter((r) => r.callId !== frame.callId)]);
      else if (frame.type === 'call-ring-end') setRings((list) => list.filter((r) => r.callId !== frame.callId));
    });
  }, [hub]);

  // A new ring buzzes a phone once (as the room's sheet does: lib/call-session.ts).
  const firstId = rings[0]?.callId;
  useEffect(() => {
    if (!firstId) return;
    try {
      navigator.vibrate?.([300, 200, 300]);
    } catch {
      // not allowed before a tap in some browsers
    }
  }, [firstId]);

  // A ring whose end never arrived (the socket was away) goes when the ringing would run out.
  const first = rings[0] ?? null;
  useEffect(() => {
    if (!first) return;
    const timer = setTimeout(() => drop(first.callId), Math.max(0, Date.parse(first.expiresAt) - Date.now()));
    return () => clearTimeout(timer);
  }, [first]);
  return [first, drop];
}

/** The sheet on any member screen; the room on screen shows its own (its socket hears the call). */
export function CallRingSheet() {
  const [ring, drop] = useRinging();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  if (!ring || pathname === `/chatting/${ring.chatRoomId}`) return null;
  return (
    <RingSheet
      name={ring.caller.nickname}
      photoUrl={ring.caller.profileImageUrl}
      kind={ring.kind}
      onAccept={() => {
        answerWhenRinging(ring.chatRoomId, ring.callId, ring.expiresAt);
        drop(ring.callId);
        void navigate(`/chatting/${ring.chatRoomId}`);
      }}
      onDecline={() => {
        drop(ring.callId);
        declineRingingCall(ring.chatRoomId, ring.callId).catch((err: unknown) =>
          console.error('declining the call failed', err),
        );
      }}
    />
  );
}
