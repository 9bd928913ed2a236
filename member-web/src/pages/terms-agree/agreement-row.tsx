import type { AgreementItem } from '@contract/enums';
import { ko } from '../../i18n/ko';

interface AgreementRowProps {
  item: AgreementItem;
  required: boolean;
  checked: boolean;
  href: string;
  onChange: (on: boolean) => void;
}

export function AgreementRow({ item, required, checked, href, onChange }: AgreementRowProps) {
  const name = ko.agreement.items[item];
  const kind = required ? ko.common.required : ko.common.optional;
  return (
    <li className="agreement__row">
      <label className="check">
        <input type="checkbox" name={item} checked={checked} onChange={(e) => onChange(e.target.checked)} />
        <span>
          {name}{' '}
          <span className={required ? 'agreement__kind agreement__kind--required' : 'agreement__kind'}>({kind})</span>
        </span>
      </label>
      {/* A new tab keeps the choices made so far. */}
      <a
        className="agreement__view"
        href={href}
        target="_blank"
        rel="noopener"
        aria-label={`${ko.agreement.viewFull(name)} ${ko.agreement.newWindow}`}
      >
        {ko.common.view}
      </a>
    </li>
  );
}
