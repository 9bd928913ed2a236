// 관심사: the 12 tags, at most 6 (the picker refuses the 7th with the spec's message), saved on demand.
import { useEffect, useId, useState } from 'react';
import { LIMITS } from '@contract/limits';
import { useMyInterests, useSaveInterests } from '../../api/mypage';
import { InterestPicker } from '../../components/interest-picker';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';
import { TabFailure, TabLoading } from './tab-state';

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

export function InterestsTab() {
  const interests = useMyInterests();
  const save = useSaveInterests();
  const [chosen, setChosen] = useState<string[] | null>(null);
  const labelId = useId();
  const t = ko.mypage.interests;

  useEffect(() => {
    if (interests.data) setChosen(interests.data);
  }, [interests.data]);

  if (interests.isPending) return <TabLoading />;
  if (interests.isError) return <TabFailure error={interests.error} onRetry={() => void interests.refetch()} />;
  const value = chosen ?? interests.data;

  const submit = async () => {
    try {
      await save.mutateAsync(value);
      showToast(t.saved, 'success');
    } catch {
      showToast(t.failed, 'error');
    }
  };

  return (
    <div>
      <p id={labelId} className="muted">
        {t.lead(LIMITS.maxInterests)}
      </p>
      <InterestPicker value={value} onChange={setChosen} labelledBy={labelId} />
      <div className="mypage__actions">
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => void submit()}
          disabled={save.isPending || sameSet(value, interests.data)}
        >
          {save.isPending ? t.saving : t.save}
        </button>
      </div>
    </div>
  );
}
