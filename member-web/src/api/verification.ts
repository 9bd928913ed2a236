// 사진 인증 (docs/trust.md "Verified photos", docs/api-extensions.md "Verified photos"): my verification state, a pose
// from the server, and the selfie upload.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PhotoPoseStart,
  PhotoSource,
  PhotoVerificationState,
  VerificationState,
} from '@contract/photo-verification';
import { api } from './client';
import { uploadMultipart } from './upload';

export type { PhotoPoseStart, PhotoVerificationState, VerificationState } from '@contract/photo-verification';

export const verificationKeys = { state: ['verification'] as const };

export const useVerificationState = () =>
  useQuery({ queryKey: verificationKeys.state, queryFn: () => api.get<VerificationState>('/api/on/verification') });

export const startPhotoCheck = () => api.post<PhotoPoseStart>('/api/on/verification/photo/start');

export type SelfieSubmission = { selfie: Blob; poseToken: string; source: PhotoSource };

export function useSubmitSelfie() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ selfie, poseToken, source }: SelfieSubmission) => {
      const form = new FormData();
      form.append('selfie', selfie, selfie instanceof File ? selfie.name : 'selfie.jpg');
      form.append('poseToken', poseToken);
      form.append('source', source);
      return uploadMultipart<PhotoVerificationState>('/api/on/verification/photo', form, { auth: true });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: verificationKeys.state }),
  });
}
