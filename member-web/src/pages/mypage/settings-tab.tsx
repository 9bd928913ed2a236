// 매칭 설정: 연애 매칭 and 친구 매칭 switches, each change saved at once.
import type { MatchingSettings } from '../../api/mypage';
import { useMatchingSettings, useSaveMatchingSettings } from '../../api/mypage';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';
import { useChoiceWhileSaving } from '../../lib/use-choice-while-saving';
import { PreferencesSection } from './preferences-section';
import { TabFailure, TabLoading } from './tab-state';

function Switch({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (next: boolean) => void;
}) {
  return (
    <label className="switch-row">
      <span className="switch-row__text">
        <span className="switch-row__label">{label}</span>
        <span className="field__hint">{hint}</span>
      </span>
      <input
        type="checkbox"
        role="switch"
        className="switch"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
    </label>
  );
}

export function SettingsTab() {
  const settings = useMatchingSettings();
  if (settings.isPending) return <TabLoading />;
  if (settings.isError) return <TabFailure error={settings.error} onRetry={() => void settings.refetch()} />;
  return <SettingsSwitches current={settings.data} />;
}

function SettingsSwitches({ current }: { current: MatchingSettings }) {
  const save = useSaveMatchingSettings();
  const t = ko.mypage.settings;
  // While saving, show what is being saved (from the click on).
  const { shown, busy, save: saveChoice } = useChoiceWhileSaving(current);

  const change = (next: MatchingSettings) =>
    saveChoice(next, async () => {
      try {
        await save.mutateAsync(next);
        showToast(t.saved, 'success');
        return true;
      } catch {
        showToast(t.failed, 'error');
        return false;
      }
    });

  return (
    <div>
      <p className="muted">{t.lead}</p>
      <div className="switch-list">
        <Switch
          label={t.romance}
          hint={t.romanceHint}
          checked={shown.romanceMatching}
          disabled={busy}
          onChange={(v) => void change({ ...shown, romanceMatching: v })}
        />
        <Switch
          label={t.friend}
          hint={t.friendHint}
          checked={shown.friendMatching}
          disabled={busy}
          onChange={(v) => void change({ ...shown, friendMatching: v })}
        />
      </div>
      <PreferencesSection />
    </div>
  );
}
