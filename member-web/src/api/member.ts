// Member creation (signup) and location calls.
import { useMutation, useQuery } from '@tanstack/react-query';
import { readLocation } from '../components/profile-modal/normalize-profile';
import { currentMemberId } from '../lib/current-member';
import type { LocationBody, SignupData } from '@contract/auth';
import { api } from './client';
import { uploadMultipart } from './upload';

/** POST /api/member/profile: `data` JSON part plus 0–3 `images`; answers the new member id. */
export function createMemberProfile(
  data: SignupData,
  images: File[],
  onProgress?: (fraction: number) => void,
): Promise<number> {
  const form = new FormData();
  form.append('data', new Blob([JSON.stringify(data)], { type: 'application/json' }));
  for (const image of images) form.append('images', image, image.name);
  return uploadMultipart<number | string>('/api/member/profile', form, { onProgress }).then((id) => Number(id));
}

export const saveLocation = (body: LocationBody) =>
  api.post<unknown>('/api/member/location', { json: body, auth: true });

export const useSaveLocation = () => useMutation({ mutationFn: saveLocation });

/** The place I saved (my own profile reading), or null when none; for /location. */
export function useSavedLocation() {
  const me = currentMemberId();
  return useQuery({
    queryKey: ['profile', me ?? 0, 'location'],
    queryFn: () =>
      api
        .get<unknown>(`/api/on/profile/modal/${me ?? 0}`)
        .then((raw) => (typeof raw === 'object' && raw !== null ? readLocation(raw as Record<string, unknown>) : null)),
    enabled: me !== null,
    retry: false,
  });
}
