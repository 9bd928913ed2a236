// '/mypage/verify-photo': 사진 인증 (docs/trust.md "Verified photos"). The server picks a pose; the member copies it in
// a selfie taken with the front camera (getUserMedia), checks the preview, retakes or sends it.
// A photo file is only the fallback (no camera, permission refused) and is marked UPLOAD.
import '../../styles/verify-photo.css';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { poseSvg } from '@contract/pose-art';
import type { Pose, PhotoSource } from '@contract/photo-verification';
import { POSES } from '@contract/photo-verification';
import { ACCEPTED_IMAGE_INPUT } from '@contract/images';
import { errorMessage } from '../../api/client';
import { startPhotoCheck, useSubmitSelfie, useVerificationState, type PhotoPoseStart } from '../../api/verification';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';
import { prepareImage } from '../../lib/image-prepare';

const t = ko.verify;

export function PoseIllustration({ pose }: { pose: Pose }) {
  return (
    <figure className="pose">
      {/* The drawing is decorative: the caption below names the pose. */}
      <div className="pose__art" dangerouslySetInnerHTML={{ __html: poseSvg(pose) }} />
      <figcaption className="pose__caption">{POSES[pose]}</figcaption>
    </figure>
  );
}

/** The Korean message for a getUserMedia failure. */
export function cameraErrorMessage(err: unknown): string {
  const name = err instanceof DOMException || err instanceof Error ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return t.errors.cameraDenied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return t.errors.noCamera;
  if (name === 'NotReadableError' || name === 'AbortError') return t.errors.cameraBusy;
  return t.errors.cameraUnsupported;
}

type Shot = { blob: Blob; url: string; source: PhotoSource };

function stopStream(stream: MediaStream | null) {
  stream?.getTracks().forEach((track) => track.stop());
}

function Capture({ pose, onSent }: { pose: PhotoPoseStart; onSent: () => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [live, setLive] = useState(false);
  const [shot, setShot] = useState<Shot | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmitSelfie();

  useEffect(
    () => () => {
      stopStream(streamRef.current);
    },
    [],
  );
  useEffect(() => () => (shot ? URL.revokeObjectURL(shot.url) : undefined), [shot]);

  const openCamera = async () => {
    setError(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setError(t.errors.cameraUnsupported);
      return;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false });
      streamRef.current = stream;
      setShot(null);
      setLive(true);
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        await video.play().catch(() => undefined);
      }
    } catch (err) {
      setError(cameraErrorMessage(err));
    }
  };

  // The video element mounts with `live`; attach the stream once it exists.
  useEffect(() => {
    const video = videoRef.current;
    if (live && video && streamRef.current && video.srcObject !== streamRef.current) {
      video.srcObject = streamRef.current;
      void video.play().catch(() => undefined);
    }
  }, [live]);

  const capture = () => {
    const video = videoRef.current;
    if (!video || video.videoWidth === 0) {
      setError(t.errors.captureFailed);
      return;
    }
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (!blob) {
          setError(t.errors.captureFailed);
          return;
        }
        stopStream(streamRef.current);
        streamRef.current = null;
        setLive(false);
        setShot({ blob, url: URL.createObjectURL(blob), source: 'CAMERA' });
      },
      'image/jpeg',
      0.9,
    );
  };

  const pickFile = async (picked: File | undefined) => {
    if (!picked) return;
    // Upright and at most LIMITS.imageMaxSide px, as the server stores it (it refuses huge originals).
    const file = await prepareImage(picked);
    stopStream(streamRef.current);
    streamRef.current = null;
    setLive(false);
    setError(null);
    setShot({ blob: file, url: URL.createObjectURL(file), source: 'UPLOAD' });
  };

  const send = async () => {
    if (!shot) return;
    setError(null);
    try {
      await submit.mutateAsync({ selfie: shot.blob, poseToken: pose.poseToken, source: shot.source });
      showToast(t.sent, 'success');
      onSent();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <section className="card verify__step" aria-labelledby="verify-pose-heading">
      <h2 id="verify-pose-heading" className="section-title">
        {t.poseHeading}
      </h2>
      <div className="verify__columns">
        <PoseIllustration pose={pose.pose} />
        <div className="verify__camera">
          {live ? (
            <video ref={videoRef} className="verify__video" aria-label={t.cameraLabel} playsInline muted autoPlay />
          ) : null}
          {shot ? <img className="verify__preview" src={shot.url} alt={t.previewAlt} /> : null}
          <div className="verify__actions">
            {!live && !shot ? (
              <button type="button" className="btn btn--primary" onClick={() => void openCamera()}>
                {t.openCamera}
              </button>
            ) : null}
            {live ? (
              <button type="button" className="btn btn--primary" onClick={capture}>
                {t.capture}
              </button>
            ) : null}
            {shot ? (
              <>
                <button type="button" className="btn btn--secondary" onClick={() => void openCamera()}>
                  {t.retake}
                </button>
                <button
                  type="button"
                  className="btn btn--primary"
                  onClick={() => void send()}
                  disabled={submit.isPending}
                >
                  {submit.isPending ? t.submitting : t.submit}
                </button>
              </>
            ) : null}
          </div>
          {error ? (
            <p className="field__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      </div>
      <div className="verify__fallback">
        <p className="field__hint">{t.uploadFallback}</p>
        <label className="btn btn--ghost">
          {t.uploadButton}
          <input
            type="file"
            accept={ACCEPTED_IMAGE_INPUT}
            className="visually-hidden"
            onChange={(e) => void pickFile(e.target.files?.[0])}
          />
        </label>
      </div>
    </section>
  );
}

export function VerifyPhotoPage() {
  const state = useVerificationState();
  const [pose, setPose] = useState<PhotoPoseStart | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const photo = state.data?.photo;

  const begin = async () => {
    setStartError(null);
    setStarting(true);
    try {
      setPose(await startPhotoCheck());
    } catch (err) {
      setStartError(errorMessage(err));
    } finally {
      setStarting(false);
    }
  };

  const canStart = photo && (photo.status === 'NONE' || photo.status === 'REJECTED');

  return (
    <div className="page verify">
      <div className="container">
        <p>
          <Link to="/mypage">{t.backToMypage}</Link>
        </p>
        <h1 className="page-title">{t.title}</h1>
        <p className="page-lead">{t.lead}</p>
        <p className="muted">{t.privacy}</p>
        {state.isPending ? <p className="muted">{ko.common.loading}</p> : null}
        {state.isError ? (
          <p className="field__error" role="alert">
            {errorMessage(state.error)}
          </p>
        ) : null}
        {photo ? (
          <section className="card verify__status" aria-live="polite">
            <p className={`verify__state verify__state--${photo.status.toLowerCase()}`}>{t.status[photo.status]}</p>
            {photo.status === 'REJECTED' && photo.reason ? <p>{t.rejectedReason(photo.reason)}</p> : null}
            {photo.status === 'PENDING' && photo.pose ? <PoseIllustration pose={photo.pose} /> : null}
            {photo.status === 'VERIFIED' ? <p className="muted">{t.mainPhotoNote}</p> : null}
            {canStart && !pose ? (
              <button type="button" className="btn btn--primary" onClick={() => void begin()} disabled={starting}>
                {photo.status === 'REJECTED' ? t.retryStart : t.start}
              </button>
            ) : null}
            {startError ? (
              <p className="field__error" role="alert">
                {startError}
              </p>
            ) : null}
          </section>
        ) : null}
        {pose && canStart ? (
          <Capture
            pose={pose}
            onSent={() => {
              setPose(null);
            }}
          />
        ) : null}
      </div>
    </div>
  );
}
