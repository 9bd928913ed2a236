// 프로필 사진: one main and two sub slots; upload with progress, delete with confirmation.
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { LIMITS } from '@contract/limits';
import { ACCEPTED_IMAGE_INPUT } from '@contract/images';
import { VALIDATION_KO } from '@contract/messages';
import { errorMessage } from '../../api/client';
import {
  deleteMyImage,
  mypageKeys,
  uploadMyImages,
  useMyImages,
  type ImageUpload,
  type ProfileImage,
} from '../../api/mypage';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CameraIcon } from '../../components/icons';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';
import { isImageFile, prepareImage } from '../../lib/image-prepare';
import { TabFailure, TabLoading } from './tab-state';
import { VerifyPhotoLink } from './verify-photo-link';

/** Slot 0 is the main photo, slots 1..2 the sub photos in the server's order. */
type Slot = { index: number; label: string; image: ProfileImage | null };

function slotsOf(images: ProfileImage[]): Slot[] {
  const main = images.find((i) => i.role === 'MAIN') ?? null;
  const subs = images.filter((i) => i.role === 'SUB');
  const t = ko.mypage.photos;
  return [
    { index: 0, label: t.main, image: main },
    ...Array.from({ length: LIMITS.subImages }, (_, k) => ({
      index: k + 1,
      label: t.sub(k + 1),
      image: subs[k] ?? null,
    })),
  ];
}

function uploadFor(slot: number, file: File): ImageUpload {
  if (slot === 0) return { main: file };
  return { subs: Array.from({ length: LIMITS.subImages }, (_, k) => (k === slot - 1 ? file : null)) };
}

function SlotCard({
  slot,
  busy,
  progress,
  onPick,
  onDelete,
}: {
  slot: Slot;
  busy: boolean;
  progress: number | null;
  onPick: (file: File) => void;
  onDelete: () => void;
}) {
  const inputId = useId();
  const t = ko.mypage.photos;
  return (
    <li className="photo-box">
      <p className="photo-box__label">{slot.label}</p>
      <div className="photo-slot photo-box__frame">
        {slot.image ? (
          <img src={slot.image.url} alt={t.alt(slot.label)} className="photo-slot__img" />
        ) : (
          <span className="photo-box__empty">
            <CameraIcon size={28} />
            {t.empty}
          </span>
        )}
        {progress !== null ? (
          <div className="photo-box__progress">
            <p aria-hidden="true">{t.uploading(progress)}</p>
            <div
              className="progress"
              role="progressbar"
              aria-label={t.progressLabel}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
            >
              <div className="progress__bar" style={{ width: `${progress}%` }} />
            </div>
          </div>
        ) : null}
      </div>
      <div className="photo-box__actions">
        <input
          id={inputId}
          type="file"
          accept={ACCEPTED_IMAGE_INPUT}
          className="visually-hidden photo-box__input"
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = ''; // the same file can be chosen again
            if (file) onPick(file);
          }}
        />
        <label htmlFor={inputId} className="btn btn--secondary photo-box__pick" aria-disabled={busy}>
          {slot.image ? t.replace : t.upload}
          <span className="visually-hidden"> ({slot.label})</span>
        </label>
        {slot.image ? (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={onDelete}
            disabled={busy}
            aria-label={t.removeSlot(slot.label)}
          >
            {t.remove}
          </button>
        ) : null}
      </div>
    </li>
  );
}

export function PhotosTab() {
  const images = useMyImages();
  const client = useQueryClient();
  const [working, setWorking] = useState<{ slot: number; progress: number | null } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Slot | null>(null);
  const t = ko.mypage.photos;

  if (images.isPending) return <TabLoading />;
  if (images.isError) return <TabFailure error={images.error} onRetry={() => void images.refetch()} />;

  const pick = async (slot: number, file: File) => {
    setNotice(null);
    if (!isImageFile(file)) return setNotice(VALIDATION_KO.imageOnly);
    setWorking({ slot, progress: null });
    try {
      const prepared = await prepareImage(file);
      if (prepared.size > LIMITS.imageMaxBytes) return setNotice(t.tooLarge(LIMITS.imageMaxBytes / 1024 / 1024));
      setWorking({ slot, progress: 0 });
      const list = await uploadMyImages(uploadFor(slot, prepared), (f) =>
        setWorking({ slot, progress: Math.round(f * 100) }),
      );
      if (Array.isArray(list)) client.setQueryData(mypageKeys.images, list);
      else await images.refetch();
      showToast(t.uploaded, 'success');
    } catch (err) {
      setNotice(t.uploadFailed(errorMessage(err)));
    } finally {
      setWorking(null);
    }
  };

  const remove = async (slot: Slot) => {
    if (!slot.image) return;
    let list: ProfileImage[];
    try {
      list = await deleteMyImage(slot.image.url);
    } catch {
      showToast(t.deleteFailed, 'error');
      return;
    }
    if (Array.isArray(list)) client.setQueryData(mypageKeys.images, list);
    else await images.refetch();
    const promoted = slot.index === 0 && Array.isArray(list) && list.some((i) => i.role === 'MAIN');
    showToast(promoted ? t.promoted : t.deleted, 'success');
  };

  return (
    <div>
      <p className="muted">{t.lead}</p>
      <VerifyPhotoLink />
      <ul className="photo-boxes">
        {slotsOf(images.data).map((slot) => (
          <SlotCard
            key={slot.index}
            slot={slot}
            busy={working !== null}
            progress={working?.slot === slot.index ? working.progress : null}
            onPick={(file) => void pick(slot.index, file)}
            onDelete={() => setDeleting(slot)}
          />
        ))}
      </ul>
      {working?.progress === null ? (
        <p className="field__hint" role="status">
          {t.preparing}
        </p>
      ) : null}
      {notice ? (
        <p className="field__error" role="alert">
          {notice}
        </p>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t.confirmTitle}
        description={deleting?.index === 0 ? t.confirmMainBody : t.confirmBody}
        confirmLabel={t.confirmLabel}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      />
    </div>
  );
}
