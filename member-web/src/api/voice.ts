// My 목소리 소개 (docs/voice.md "A voice on the profile"): GET (204 when none), PUT multipart, DELETE.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PromptId } from '@contract/profile-details-core';
import type { MyProfileVoice } from '@contract/voice';
import { voiceFileName } from '../lib/chat-actions';
import { api } from './client';
import { uploadMultipart } from './upload';

export const voiceKeys = { mine: ['mypage', 'voice'] as const };

const PATH = '/api/on/mypage/voice';

export const useMyVoice = () =>
  useQuery({
    queryKey: voiceKeys.mine,
    queryFn: async () => (await api.get<MyProfileVoice | undefined>(PATH)) ?? null,
  });

export type VoiceIntroUpload = {
  blob: Blob;
  type: string;
  durationMs: number;
  waveform: readonly number[];
  promptId: PromptId;
};

export function saveMyVoice(voice: VoiceIntroUpload): Promise<MyProfileVoice> {
  const form = new FormData();
  form.append('audio', voice.blob, voiceFileName(voice.type));
  form.append('durationMs', String(Math.round(voice.durationMs)));
  form.append('waveform', JSON.stringify(voice.waveform));
  form.append('promptId', voice.promptId);
  return uploadMultipart<MyProfileVoice>(PATH, form, { auth: true, method: 'PUT' });
}

export function useSaveMyVoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveMyVoice,
    onSuccess: (saved) => client.setQueryData(voiceKeys.mine, saved),
  });
}

export function useDeleteMyVoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<unknown>(PATH),
    onSuccess: () => client.setQueryData(voiceKeys.mine, null),
  });
}
