// Client-side photo preparation before upload: upright (EXIF orientation applied), at most
// LIMITS.imageMaxSide (1600) px on the long side, re-encoded as JPEG (which also drops EXIF such
// as GPS). Small PNG files are kept as they are (transparency, crisp graphics). The server
// re-encodes every picture again from its pixels (docs/decisions/0004-reencode-every-image.md).
import { isAcceptedImageType } from '@contract/images';
import { LIMITS } from '@contract/limits';

const MAX_SIDE = LIMITS.imageMaxSide;
const JPEG_QUALITY = 0.9;
const KEEP_AS_IS_BYTES = 1_500_000;

/** JPEG or PNG only: WebP, GIF, HEIC and the rest are refused before anything is prepared or sent. */
export const isImageFile = (file: File): boolean => isAcceptedImageType(file.type);

function jpegName(name: string): string {
  const base = name.replace(/\.[^.]+$/, '') || 'photo';
  return `${base}.jpg`;
}

function canvasToBlob(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}

/** Never throws: when the browser cannot decode or draw the file, the original goes up and the server decides. */
export async function prepareImage(file: File): Promise<File> {
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const keepsFormat = file.type === 'image/png';
    if (keepsFormat && scale === 1 && file.size <= KEEP_AS_IS_BYTES) return file;

    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    ctx.fillStyle = '#ffffff'; // JPEG has no transparency: show transparent areas as white, not black
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(bitmap, 0, 0, width, height);
    const blob = await canvasToBlob(canvas);
    if (!blob) return file;
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: Date.now() });
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}
