// 사진 인증 calls of the console (docs/api-extensions.md "Verified photos").
import type {
  AdminPhotoMatch,
  AdminPhotoQueueCount,
  AdminPhotoVerification,
  PhotoDecisionBody,
} from '@contract/photo-verification';
import { adminFetch } from '../api/http';

const json = async <T>(url: string, init?: Parameters<typeof adminFetch>[1]) => (await adminFetch(url, init)).json as T;

export const photoApi = {
  queue: () => json<AdminPhotoVerification[]>('/admin/photo-verifications'),
  count: () => json<AdminPhotoQueueCount>('/admin/photo-verifications/count'),
  decide: (id: number, body: PhotoDecisionBody) =>
    json<AdminPhotoVerification>(`/admin/photo-verifications/${id}/decision`, {
      method: 'POST',
      body: JSON.stringify(body),
    }),
  matches: () => json<AdminPhotoMatch[]>('/admin/photo-matches'),
  dismiss: (id: number) => json<unknown>(`/admin/photo-matches/${id}/dismiss`, { method: 'POST' }),
};
