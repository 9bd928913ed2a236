// Multipart uploads through XMLHttpRequest: fetch cannot report upload progress.
import { LIMITS } from '@contract/limits';
import { ko } from '../i18n/ko';
import { accessTokenStore } from '../lib/storage';
import { ApiError, readBody } from './client';

export interface UploadOptions {
  /** Send the bearer token (member calls). The signup upload relies on the signup cookie instead. */
  auth?: boolean;
  /** 0–1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  /** POST by default; PUT replaces a resource (community post edit). */
  method?: 'POST' | 'PUT';
}

export function uploadMultipart<T>(
  path: string,
  form: FormData,
  { auth = false, onProgress, method = 'POST' }: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = auth ? accessTokenStore.get() : null;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    // The 15 s limit counts silence, not the whole upload: photos on a slow phone connection
    // may take longer than that while still moving.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        xhr.abort();
        reject(new ApiError(0, 'TIMEOUT', ko.errors.timeout));
      }, LIMITS.requestTimeoutMs);
    };

    xhr.upload.onprogress = (e) => {
      arm();
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      clearTimeout(timer);
      onProgress?.(1);
      const headers = { 'Content-Type': xhr.getResponseHeader('Content-Type') ?? 'text/plain' };
      readBody<T>(new Response(xhr.responseText || null, { status: xhr.status, headers }), true, token !== null).then(
        resolve,
        reject,
      );
    };
    xhr.onerror = () => {
      clearTimeout(timer);
      reject(new ApiError(0, 'NETWORK', ko.errors.network));
    };
    arm();
    xhr.send(form);
  });
}
