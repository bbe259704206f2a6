// One choice among a few views of a chart (a metric, a unit), as a row of
// radio buttons: one group per chart, named for screen readers.

import { useId } from 'react';

export function Segmented<T extends string>({
  label,
  options,
  value,
  onChange,
  text,
}: {
  /** The group's accessible name. */
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  /** What each option reads as. */
  text: (option: T) => string;
}) {
  const name = useId();
  return (
    <div className="segmented" role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <label key={option}>
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
          />
          {text(option)}
        </label>
      ))}
    </div>
  );
}
