// Identity from the portal: shown, never editable (the Worker takes it from the signup session anyway).
import type { SignupTokenPayload } from '@contract/auth';
import { ko } from '../../i18n/ko';

export function IdentityFields({ payload }: { payload: SignupTokenPayload }) {
  const rows = [
    { id: 'signup-email', label: ko.signup.email, value: payload.email },
    { id: 'signup-birthday', label: ko.signup.birthday, value: payload.birthday },
    { id: 'signup-gender', label: ko.signup.gender, value: ko.signup.genders[payload.gender] },
    { id: 'signup-age', label: ko.signup.age, value: ko.signup.ageValue(payload.age) },
  ];
  return (
    <>
      <div className="form-grid form-grid--2 identity-fields">
        {rows.map((r) => (
          <div key={r.id} className="field">
            <label className="field__label" htmlFor={r.id}>
              {r.label}
            </label>
            <input id={r.id} className="input" value={r.value} readOnly aria-describedby="signup-identity-hint" />
          </div>
        ))}
      </div>
      <p id="signup-identity-hint" className="field__hint">
        {ko.signup.readOnlyHint}
      </p>
    </>
  );
}
