// One room's in-app call in the browser (docs/voice.md "Calls"): the state machine (call-machine.ts)
// driven by the room socket's call frames, the microphone/camera, and one RTCPeerConnection with
// the ICE servers from GET /api/on/calls/ice-servers. Media goes browser to browser (or through
// TURN); the server relays only the signalling. The caller always offers (the first offer and
// each ICE restart); the callee answers.
import { CALL_LIMITS, type CallServerFrame, type ClientCallFrame, type IceServersResult } from '@contract/calls';
import type { CallKind, CallOutcome } from '@contract/voice';
import { callReducer, idleCall, type CallEvent, type CallMachine } from './call-machine';

export interface CallSignal {
  sendCall(frame: ClientCallFrame): boolean;
}

export type CallSnapshot = CallMachine & {
  muted: boolean;
  cameraOff: boolean;
  /** Two or more cameras: 카메라 전환 shows. */
  canSwitchCamera: boolean;
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
  /** Bytes of media received and sent so far (getStats; the browser test reads them). */
  bytesReceived: number;
  bytesSent: number;
};

export interface CallSessionOptions {
  /** The other member of the room (whoever else calls is me). */
  opponentId: number;
  signal: CallSignal;
  iceServers: () => Promise<IceServersResult>;
  media?: Pick<MediaDevices, 'getUserMedia' | 'enumerateDevices'>;
  createPeer?: (config: RTCConfiguration) => RTCPeerConnection;
  newId?: () => string;
}

/** How long a connection may stay down before the call is given up (the server's own grace). */
const GIVE_UP_MS = CALL_LIMITS.lostMs;
/** A 'disconnected' connection often recovers alone; the caller restarts ICE after this. */
const RESTART_AFTER_MS = 2_000;

export class CallSession {
  private snap: CallSnapshot = {
    ...idleCall,
    muted: false,
    cameraOff: false,
    canSwitchCamera: false,
    localStream: null,
    remoteStream: null,
    bytesReceived: 0,
    bytesSent: 0,
  };
  private readonly listeners = new Set<() => void>();
  private pc: RTCPeerConnection | null = null;
  private pendingCandidates: RTCIceCandidateInit[] = [];
  private restartTimer: ReturnType<typeof setTimeout> | null = null;
  private giveUpTimer: ReturnType<typeof setTimeout> | null = null;
  private statsTimer: ReturnType<typeof setInterval> | null = null;
  private facing: 'user' | 'environment' = 'user';
  /** The call this tab takes part in (proposed or accepted here). */
  private mine: string | null = null;

  constructor(private readonly options: CallSessionOptions) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): CallSnapshot => this.snap;

  private get media() {
    return this.options.media ?? navigator.mediaDevices;
  }

  /** Starts a call: the microphone (and camera) first, then the proposal. */
  async start(kind: CallKind): Promise<void> {
    if (this.snap.phase !== 'idle' && this.snap.phase !== 'ended') return;
    const callId = this.options.newId?.() ?? crypto.randomUUID();
    this.mine = callId;
    this.dispatch({ type: 'propose', callId, kind });
    if (!(await this.openMedia(kind))) return;
    const now = this.getSnapshot();
    if (now.callId !== callId || now.phase !== 'outgoing') return this.stopMedia();
    this.options.signal.sendCall({ type: 'call-propose', callId, kind });
  }

  /** 받기: this tab takes the ringing call. */
  async accept(): Promise<void> {
    const { callId, kind, phase } = this.snap;
    if (phase !== 'incoming' || !callId) return;
    this.mine = callId;
    this.dispatch({ type: 'accept' });
    if (!(await this.openMedia(kind))) {
      this.options.signal.sendCall({ type: 'call-decline', callId });
      return;
    }
    await this.createPeer();
    this.options.signal.sendCall({ type: 'call-accept', callId });
  }

  decline(): void {
    const { callId, phase } = this.snap;
    if (phase !== 'incoming' || !callId) return;
    this.options.signal.sendCall({ type: 'call-decline', callId });
    this.dispatch({ type: 'hangup', outcome: 'DECLINED' });
  }

  /** 끊기 (or 취소 while it rings). */
  hangUp(reason: 'HANGUP' | 'FAILED' = 'HANGUP'): void {
    const { callId, phase } = this.snap;
    if (!callId || phase === 'idle' || phase === 'ended') return;
    this.options.signal.sendCall({ type: 'call-end', callId, ...(reason === 'FAILED' ? { reason } : {}) });
    const outcome: CallOutcome = phase === 'outgoing' ? 'CANCELLED' : reason === 'FAILED' ? 'FAILED' : 'ENDED';
    this.dispatch({ type: 'hangup', outcome });
    this.teardown();
  }

  dismiss(): void {
    this.dispatch({ type: 'dismiss' });
  }

  toggleMute(): void {
    const muted = !this.snap.muted;
    for (const t of this.snap.localStream?.getAudioTracks() ?? []) t.enabled = !muted;
    this.update({ muted });
  }

  toggleCamera(): void {
    const cameraOff = !this.snap.cameraOff;
    for (const t of this.snap.localStream?.getVideoTracks() ?? []) t.enabled = !cameraOff;
    this.update({ cameraOff });
  }

  /** 카메라 전환: the other camera's track replaces the current one (no renegotiation). */
  async switchCamera(): Promise<void> {
    const stream = this.snap.localStream;
    if (!stream) return;
    this.facing = this.facing === 'user' ? 'environment' : 'user';
    try {
      const next = await this.media.getUserMedia({ video: { facingMode: this.facing } });
      const track = next.getVideoTracks()[0];
      if (!track) return;
      track.enabled = !this.snap.cameraOff;
      const sender = this.pc?.getSenders().find((s) => s.track?.kind === 'video');
      await sender?.replaceTrack(track);
      for (const old of stream.getVideoTracks()) {
        old.stop();
        stream.removeTrack(old);
      }
      stream.addTrack(track);
      this.update({ localStream: new MediaStream(stream.getTracks()) });
    } catch (err) {
      console.error('switching the camera failed', err);
    }
  }

  /** The socket (re)opened: a call of this tab in progress is taken up on the new socket. */
  onReady(): void {
    const { callId, phase } = this.snap;
    if (!callId || callId !== this.mine) return;
    if (phase === 'outgoing' || phase === 'connecting' || phase === 'connected' || phase === 'reconnecting') {
      this.options.signal.sendCall({ type: 'call-resume', callId });
      // Offers and candidates sent while the socket was down were lost: the caller restarts ICE.
      if (phase === 'reconnecting' && this.isCaller()) void this.restartIce();
    }
  }

  /** The network changed (the browser's 'online'): the caller restarts ICE at once. */
  networkChanged(): void {
    if (this.isCaller() && this.pc && this.snap.phase !== 'connecting') void this.restartIce();
  }

  /** The room closed (block, ban, leave): the call ends with it. */
  roomClosed(): void {
    if (this.snap.phase === 'idle' || this.snap.phase === 'ended') return;
    this.dispatch({ type: 'hangup', outcome: 'ENDED' });
    this.teardown();
  }

  stop(): void {
    if (this.snap.callId && this.mine === this.snap.callId && this.snap.phase !== 'ended') this.hangUp();
    this.teardown();
    this.listeners.clear();
  }

  async onFrame(frame: CallServerFrame): Promise<void> {
    switch (frame.type) {
      case 'call-state': {
        const before = this.snap;
        this.dispatch({
          type: 'server',
          call: frame.call,
          outcome: frame.outcome,
          opponentId: this.options.opponentId,
        });
        const after = this.snap;
        if (frame.call === null) {
          if (before.phase !== 'idle') this.teardown();
          return;
        }
        if (after.phase === 'incoming' && before.phase !== 'incoming') this.vibrate();
        // Accepted: the caller offers.
        if (before.phase === 'outgoing' && after.phase === 'connecting' && this.isCaller()) {
          await this.createPeer();
          await this.offer(false);
        }
        // Another tab took the call, or it was never this tab's: nothing of it runs here.
        if (after.phase === 'elsewhere' && before.phase !== 'elsewhere') this.teardown();
        return;
      }
      case 'call-offer': {
        if (frame.callId !== this.snap.callId || !this.pc) return;
        await this.pc.setRemoteDescription({ type: 'offer', sdp: frame.sdp });
        await this.flushCandidates();
        const answer = await this.pc.createAnswer();
        await this.pc.setLocalDescription(answer);
        this.options.signal.sendCall({ type: 'call-answer', callId: frame.callId, sdp: answer.sdp ?? '' });
        return;
      }
      case 'call-answer':
        if (frame.callId !== this.snap.callId || !this.pc) return;
        await this.pc.setRemoteDescription({ type: 'answer', sdp: frame.sdp });
        await this.flushCandidates();
        return;
      case 'call-ice': {
        if (frame.callId !== this.snap.callId || !this.pc) return;
        if (!this.pc.remoteDescription) this.pendingCandidates.push(frame.candidate);
        else
          await this.pc.addIceCandidate(frame.candidate).catch((err: unknown) => console.error('ICE candidate', err));
        return;
      }
      case 'call-error':
        if (frame.callId !== null && frame.callId !== this.snap.callId) return;
        this.dispatch({ type: 'error', code: frame.code });
        if (this.snap.phase === 'ended') this.teardown();
        return;
    }
  }

  // ---- internals ----

  private isCaller(): boolean {
    return this.snap.callerId === null
      ? this.snap.phase === 'outgoing'
      : this.snap.callerId !== this.options.opponentId;
  }

  private async openMedia(kind: CallKind): Promise<boolean> {
    try {
      const stream = await this.media.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true },
        video: kind === 'VIDEO' ? { facingMode: this.facing, width: { ideal: 640 }, height: { ideal: 480 } } : false,
      });
      const devices = await this.media.enumerateDevices().catch(() => []);
      this.update({
        localStream: stream,
        muted: false,
        cameraOff: false,
        canSwitchCamera: kind === 'VIDEO' && devices.filter((d) => d.kind === 'videoinput').length > 1,
      });
      return true;
    } catch (err) {
      console.error('the microphone or camera could not be opened', err);
      const { callId, phase } = this.snap;
      if (callId && phase === 'outgoing') this.options.signal.sendCall({ type: 'call-end', callId });
      this.dispatch({ type: 'error', code: 'MEDIA_DENIED' });
      this.dispatch({ type: 'hangup', outcome: phase === 'outgoing' ? 'CANCELLED' : 'DECLINED' });
      return false;
    }
  }

  private async createPeer(): Promise<void> {
    let servers: IceServersResult['iceServers'] = [];
    try {
      servers = (await this.options.iceServers()).iceServers;
    } catch (err) {
      // Loopback and most home networks connect without TURN: go on with none.
      console.error('ICE servers could not be loaded', err);
    }
    const config: RTCConfiguration = { iceServers: servers };
    const pc = this.options.createPeer?.(config) ?? new RTCPeerConnection(config);
    this.pc = pc;
    this.pendingCandidates = [];
    for (const track of this.snap.localStream?.getTracks() ?? []) pc.addTrack(track, this.snap.localStream!);
    const remote = new MediaStream();
    this.update({ remoteStream: remote });
    pc.ontrack = (event) => {
      remote.addTrack(event.track);
      this.update({ remoteStream: new MediaStream(remote.getTracks()) });
    };
    pc.onicecandidate = (event) => {
      const callId = this.snap.callId;
      if (event.candidate && callId) {
        this.options.signal.sendCall({ type: 'call-ice', callId, candidate: event.candidate.toJSON() as never });
      }
    };
    pc.onconnectionstatechange = () => this.peerStateChanged(pc.connectionState);
    this.statsTimer = setInterval(() => void this.readStats(), 1_000);
  }

  private peerStateChanged(state: RTCPeerConnectionState): void {
    this.dispatch({ type: 'peer', state });
    if (state === 'connected') {
      this.clearTimer('restartTimer');
      this.clearTimer('giveUpTimer');
      return;
    }
    if (state === 'disconnected' || state === 'failed') {
      if (this.isCaller() && this.restartTimer === null) {
        this.restartTimer = setTimeout(
          () => {
            this.restartTimer = null;
            void this.restartIce();
          },
          state === 'failed' ? 0 : RESTART_AFTER_MS,
        );
      }
      if (this.giveUpTimer === null) {
        this.giveUpTimer = setTimeout(() => {
          this.giveUpTimer = null;
          if (this.snap.phase === 'reconnecting' || this.snap.phase === 'connecting') this.hangUp('FAILED');
        }, GIVE_UP_MS);
      }
    }
  }

  private async offer(iceRestart: boolean): Promise<void> {
    const pc = this.pc;
    const callId = this.snap.callId;
    if (!pc || !callId) return;
    const offer = await pc.createOffer(iceRestart ? { iceRestart: true } : undefined);
    await pc.setLocalDescription(offer);
    this.options.signal.sendCall({ type: 'call-offer', callId, sdp: offer.sdp ?? '' });
  }

  private async restartIce(): Promise<void> {
    if (!this.pc || this.pc.signalingState !== 'stable') return;
    this.dispatch({ type: 'peer', state: 'restarting' });
    try {
      await this.offer(true);
    } catch (err) {
      console.error('ICE restart failed', err);
    }
  }

  private async flushCandidates(): Promise<void> {
    const pending = this.pendingCandidates;
    this.pendingCandidates = [];
    for (const c of pending)
      await this.pc?.addIceCandidate(c).catch((err: unknown) => console.error('ICE candidate', err));
  }

  private async readStats(): Promise<void> {
    const pc = this.pc;
    if (!pc) return;
    let received = 0;
    let sent = 0;
    (await pc.getStats()).forEach((r: { type: string; bytesReceived?: number; bytesSent?: number }) => {
      if (r.type === 'inbound-rtp') received += r.bytesReceived ?? 0;
      if (r.type === 'outbound-rtp') sent += r.bytesSent ?? 0;
    });
    if (received !== this.snap.bytesReceived || sent !== this.snap.bytesSent) {
      this.update({ bytesReceived: received, bytesSent: sent });
    }
  }

  private vibrate(): void {
    // A ringtone-free buzz where the phone allows it (no sound: the page may be in a quiet place).
    try {
      navigator.vibrate?.([300, 200, 300]);
    } catch {
      // not allowed without a tap first
    }
  }

  private clearTimer(which: 'restartTimer' | 'giveUpTimer'): void {
    const t = this[which];
    if (t !== null) clearTimeout(t);
    this[which] = null;
  }

  private stopMedia(): void {
    for (const t of this.snap.localStream?.getTracks() ?? []) t.stop();
    this.update({ localStream: null });
  }

  private teardown(): void {
    this.clearTimer('restartTimer');
    this.clearTimer('giveUpTimer');
    if (this.statsTimer !== null) clearInterval(this.statsTimer);
    this.statsTimer = null;
    if (this.pc) {
      this.pc.ontrack = null;
      this.pc.onicecandidate = null;
      this.pc.onconnectionstatechange = null;
      this.pc.close();
      this.pc = null;
    }
    this.pendingCandidates = [];
    this.mine = null;
    this.stopMedia();
    this.update({ remoteStream: null, muted: false, cameraOff: false });
  }

  private dispatch(event: CallEvent): void {
    const next = callReducer(this.snap, event);
    if (next !== this.snap) this.update(next);
  }

  private update(patch: Partial<CallSnapshot>): void {
    this.snap = { ...this.snap, ...patch };
    for (const l of this.listeners) l();
  }
}
