// 프로필 정보: name, age, email, gender and seeking gender (read-only, from the portal and signup).
import { useMyProfile } from '../../api/mypage';
import { ko } from '../../i18n/ko';
import { TabFailure, TabLoading } from './tab-state';

export function InfoTab() {
  const profile = useMyProfile();
  const t = ko.mypage.info;
  if (profile.isPending) return <TabLoading />;
  if (profile.isError) return <TabFailure error={profile.error} onRetry={() => void profile.refetch()} />;
  const p = profile.data;
  const rows: [string, string][] = [
    [t.name, p.name],
    [t.age, t.ageValue(p.age)],
    [t.email, p.email],
    [t.gender, t.genders[p.gender] ?? t.unknown],
    [t.lookingFor, t.lookingForValues[p.lookingForGender] ?? t.unknown],
  ];
  return (
    <div>
      <p className="muted">{t.lead}</p>
      <dl className="info-list">
        {rows.map(([label, value]) => (
          <div key={label} className="info-list__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
