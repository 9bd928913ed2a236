// 목소리 소개 on my page (docs/voice.md "A voice on the profile"): pick a prompt card, record at most
// VOICE_LIMITS.introMaxMs, listen, save (PUT); re-record or delete (after a confirmation). While an
// admin hides it, the reason shows here (others do not get it until an operator lifts the hide).
import { useId, useState } from 'react';
import { PROFILE_PROMPTS, type PromptId } from '@contract/profile-details-core';
import { VOICE_LIMITS } from '@contract/voice';
import { ApiError } from '../../api/client';
import { useDeleteMyVoice, useMyVoice, useSaveMyVoice } from '../../api/voice';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { showToast } from '../../components/toast/toast-store';
import type { Recording } from '../../components/voice/use-voice-recorder';
import { VoicePlayer } from '../../components/voice/voice-player';
import { VoiceRecorder } from '../../components/voice/voice-recorder';
import { ko } from '../../i18n/ko';

const FIRST_PROMPT: PromptId = PROFILE_PROMPTS[0].id;

export function VoiceIntroSection() {
  const t = ko.voice.intro;
  const ids = { title: useId(), prompt: useId() };
  const mine = useMyVoice();
  const save = useSaveMyVoice();
  const remove = useDeleteMyVoice();
  const [editing, setEditing] = useState(false);
  const [promptId, setPromptId] = useState<PromptId | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const voice = mine.data ?? null;
  const chosen: PromptId = promptId ?? voice?.promptId ?? FIRST_PROMPT;

  const onSave = async (recording: Recording) => {
    setFailure(null);
    try {
      await save.mutateAsync({
        blob: recording.blob,
        type: recording.type,
        durationMs: recording.durationMs,
        waveform: recording.waveform,
        promptId: chosen,
      });
    } catch (err) {
      console.error('saving the voice intro failed', err);
      setFailure(err instanceof ApiError ? err.message : t.saveFailed);
      throw err;
    }
    setEditing(false);
    setPromptId(null);
    showToast(t.saved, 'success');
  };

  const onDelete = async () => {
    try {
      await remove.mutateAsync();
      showToast(t.removed, 'success');
    } catch (err) {
      console.error('deleting the voice intro failed', err);
      showToast(t.removeFailed, 'error');
    }
  };

  let body;
  if (mine.isPending) body = <p className="muted">{ko.common.loading}</p>;
  else if (mine.isError)
    body = (
      <p role="alert">
        {t.loadFailed}{' '}
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void mine.refetch()}>
          {t.retry}
        </button>
      </p>
    );
  else if (voice && !editing)
    body = (
      <div className="voice-intro__current">
        <p className="voice-intro__prompt">{voice.prompt}</p>
        <VoicePlayer
          src={voice.audioUrl}
          durationMs={voice.durationMs}
          waveform={voice.waveform}
          label={t.mine}
          onError={() => void mine.refetch()}
        />
        {voice.hiddenReason ? (
          <p className="voice-intro__hidden" role="note">
            {t.hidden(voice.hiddenReason)}
          </p>
        ) : null}
        <div className="voice-intro__actions">
          <button type="button" className="btn btn--secondary btn--small" onClick={() => setEditing(true)}>
            {t.reRecord}
          </button>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => setAsking(true)}>
            {t.remove}
          </button>
        </div>
      </div>
    );
  else
    body = (
      <div className="voice-intro__form">
        {voice ? null : <p className="muted">{t.none}</p>}
        <div className="field">
          <label htmlFor={ids.prompt} className="field__label">
            {t.pickPrompt}
          </label>
          <select
            id={ids.prompt}
            className="input"
            value={chosen}
            onChange={(e) => setPromptId(e.target.value as PromptId)}
          >
            {PROFILE_PROMPTS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.text}
              </option>
            ))}
          </select>
        </div>
        <p className="voice-intro__prompt" aria-hidden="true">
          {PROFILE_PROMPTS.find((p) => p.id === chosen)?.text}
        </p>
        <VoiceRecorder
          maxMs={VOICE_LIMITS.introMaxMs}
          onSend={onSave}
          startLabel={voice ? t.reRecord : t.record}
          sendLabel={save.isPending ? t.saving : t.save}
          previewLabel={t.mine}
          busy={save.isPending}
        />
        {failure ? (
          <p className="voice-intro__error" role="alert">
            {failure}
          </p>
        ) : null}
        {voice ? (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setEditing(false);
              setFailure(null);
            }}
          >
            {ko.common.cancel}
          </button>
        ) : null}
      </div>
    );

  return (
    <section className="voice-intro" aria-labelledby={ids.title}>
      <h3 id={ids.title} className="voice-intro__title">
        {t.title}
      </h3>
      <p className="muted">{t.lead}</p>
      {body}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t.removeTitle}
        description={t.removeBody}
        confirmLabel={t.removeConfirm}
        onConfirm={onDelete}
      />
    </section>
  );
}
