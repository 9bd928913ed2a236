// '/member/termsAgree': six consents plus 전체 동의 (docs/product-spec.md §2 "Signup", §5), then /signup.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AGREEMENT_ITEMS, REQUIRED_AGREEMENTS, type AgreementItem } from '@contract/enums';
import { STORAGE_KEYS } from '@contract/limits';
import { YouthMark } from '../../components/adults/youth-mark';
import { PublicFrame } from '../../components/public-frame';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';
import { localValue, sessionValue } from '../../lib/storage';
import { AgreementRow } from './agreement-row';

export type AgreementState = Record<AgreementItem, boolean>;

const NONE = Object.fromEntries(AGREEMENT_ITEMS.map((k) => [k, false])) as AgreementState;

/** Where each item's full text lives. */
export const AGREEMENT_DOCS: Record<AgreementItem, string> = {
  SERVICE_USE: '/terms',
  PRIVACY: '/privacy#collection',
  SENSITIVE_INFO: '/privacy#sensitive',
  LOCATION: '/privacy#location',
  OVER_19: '/terms#age',
  MARKETING: '/privacy#marketing',
};

function restore(): AgreementState {
  try {
    const saved: unknown = JSON.parse(localValue.get(STORAGE_KEYS.agreements) ?? 'null');
    if (typeof saved !== 'object' || saved === null) return NONE;
    const record = saved as Record<string, unknown>;
    return Object.fromEntries(AGREEMENT_ITEMS.map((k) => [k, record[k] === true])) as AgreementState;
  } catch {
    return NONE;
  }
}

export function TermsAgreePage() {
  const navigate = useNavigate();
  const hasTempToken = Boolean(sessionValue.get(STORAGE_KEYS.tempSignupToken));
  const [checked, setChecked] = useState<AgreementState>(restore);
  const allRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (hasTempToken) return;
    showToast(ko.signup.noTempToken, 'error');
    navigate('/', { replace: true });
  }, [hasTempToken, navigate]);

  const count = AGREEMENT_ITEMS.filter((k) => checked[k]).length;
  const allOn = count === AGREEMENT_ITEMS.length;
  // LOCATION is not among the required items: the spec labels it 선택 (though its original
  // checkbox carried a `required` attribute), so it never blocks the next step.
  const requiredOn = REQUIRED_AGREEMENTS.every((k) => checked[k]);

  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = count > 0 && !allOn;
  }, [count, allOn]);

  if (!hasTempToken) return null;

  const setAll = (on: boolean) => setChecked(Object.fromEntries(AGREEMENT_ITEMS.map((k) => [k, on])) as AgreementState);
  const next = () => {
    localValue.set(STORAGE_KEYS.agreements, JSON.stringify(checked));
    // 본인확인 comes next (docs/trust.md "Identity (본인확인)"), then the form.
    navigate('/signup/verify');
  };

  return (
    <PublicFrame>
      <div className="page">
        <div className="container container--narrow">
          <h1 className="page-title">{ko.agreement.title}</h1>
          <p className="page-lead">{ko.agreement.lead}</p>
          {/* The 19 mark before signup (docs/trust.md "The 19 mark"). */}
          <YouthMark className="agreement__youth-mark" />

          <div className="card agreement">
            <label className="check agreement__all">
              <input
                ref={allRef}
                type="checkbox"
                checked={allOn}
                onChange={(e) => setAll(e.target.checked)}
                aria-describedby="agree-all-hint"
              />
              <span>
                <strong>{ko.agreement.all}</strong>
                <span id="agree-all-hint" className="field__hint agreement__all-hint">
                  {ko.agreement.allHint}
                </span>
              </span>
            </label>
            <ul className="agreement__list">
              {AGREEMENT_ITEMS.map((item) => (
                <AgreementRow
                  key={item}
                  item={item}
                  required={REQUIRED_AGREEMENTS.includes(item)}
                  checked={checked[item]}
                  href={AGREEMENT_DOCS[item]}
                  onChange={(on) => setChecked((prev) => ({ ...prev, [item]: on }))}
                />
              ))}
            </ul>
          </div>

          <p className="field__hint agreement__hint" id="agree-next-hint">
            {ko.agreement.requiredHint}
          </p>
          <p className="field__hint agreement__hint">
            {ko.identity.nextStepNote} <a href="/privacy#identity">{ko.identity.nextStepLink}</a>
          </p>
          <button
            type="button"
            className="btn btn--primary btn--lg btn--block"
            disabled={!requiredOn}
            onClick={next}
            aria-describedby="agree-next-hint"
          >
            {ko.agreement.next}
          </button>
        </div>
      </div>
    </PublicFrame>
  );
}
