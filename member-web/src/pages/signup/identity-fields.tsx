// Identity from the portal (email) and the verification (이름, 생년월일, 성별): shown, never editable
// (the Worker takes them from the signup session and the bound verification anyway). Never the CI.
import type { SignupTokenPayload } from '@contract/auth';
import type { VerifiedIdentity } from '@contract/identity';
import { ko } from '../../i18n/ko';

export function IdentityFields({ payload, verified }: { payload: SignupTokenPayload; verified: VerifiedIdentity }) {
  const rows = [
    { id: 'signup-verified-name', label: ko.signup.verifiedName, value: verified.name },
    { id: 'signup-email', label: ko.signup.email, value: payload.email },
    { id: 'signup-birthday', label: ko.signup.birthday, value: verified.birthDate },
    { id: 'signup-gender', label: ko.signup.gender, value: ko.signup.genders[verified.gender] },
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
