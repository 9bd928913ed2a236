// The 12 interest tags as toggle buttons, at most LIMITS.maxInterests on.
import { useState } from 'react';
import { INTEREST_TAGS, type InterestTag } from '@contract/enums';
import { LIMITS } from '@contract/limits';
import { VALIDATION_KO } from '@contract/messages';
import { ko } from '../i18n/ko';

interface InterestPickerProps {
  value: readonly string[];
  onChange: (next: InterestTag[]) => void;
  labelledBy: string;
  error?: string;
}

export function InterestPicker({ value, onChange, labelledBy, error }: InterestPickerProps) {
  const [refused, setRefused] = useState(false);
  const selected = INTEREST_TAGS.filter((t) => value.includes(t));

  const toggle = (tag: InterestTag) => {
    if (selected.includes(tag)) {
      setRefused(false);
      onChange(selected.filter((t) => t !== tag));
      return;
    }
    if (selected.length >= LIMITS.maxInterests) {
      setRefused(true);
      return;
    }
    setRefused(false);
    onChange([...selected, tag]);
  };

  const message = refused ? VALIDATION_KO.interestsMax : error;
  return (
    <div>
      <div className="chips" role="group" aria-labelledby={labelledBy}>
        {INTEREST_TAGS.map((tag) => (
          <button
            key={tag}
            type="button"
            className="chip"
            aria-pressed={selected.includes(tag)}
            onClick={() => toggle(tag)}
          >
            {tag}
          </button>
        ))}
      </div>
      <p className="field__hint interest-count" aria-live="polite">
        {ko.signup.interestsCount(selected.length, LIMITS.maxInterests)}
      </p>
      {message ? (
        <p className="field__error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
