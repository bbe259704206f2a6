// Name/value rows: extra request headers, or extra query parameters (`kind`
// picks the texts). Credentials are neither here: the service refuses them
// (the key lives in the keychain) and says so.

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { HeaderRow } from './profile-draft';

export function HeaderRows(props: {
  rows: HeaderRow[];
  onChange: (rows: HeaderRow[]) => void;
  error: string | undefined;
  /** Default: headers. */
  kind?: 'headers' | 'query';
}) {
  const { t } = useTranslation();
  const texts = props.kind ?? 'headers';
  const base = useId();
  const hintId = `${base}-hint`;
  const errorId = `${base}-error`;
  const describedBy = props.error ? `${hintId} ${errorId}` : hintId;
  const change = (index: number, patch: Partial<HeaderRow>): void =>
    props.onChange(props.rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <fieldset
      className={`${texts === 'headers' ? 'header-rows' : 'query-rows'} pair-rows${props.error ? ' field-invalid' : ''}`}
    >
      <legend>{t(`profiles.${texts}.title`)}</legend>
      <p className="hint" id={hintId}>
        {t(`profiles.${texts}.hint`)}
      </p>
      {props.rows.length > 0 && (
        <div className="header-grid">
          <div className="header-row header-labels" aria-hidden="true">
            <span>{t(`profiles.${texts}.name`)}</span>
            <span>{t(`profiles.${texts}.value`)}</span>
            {/* The remove buttons' column, so that the labels line up with the inputs. */}
            <span />
          </div>
          {props.rows.map((row, index) => {
            const n = index + 1;
            const nameId = `${base}-name-${index}`;
            const valueId = `${base}-value-${index}`;
            return (
              <div className="header-row" key={index}>
                <label htmlFor={nameId} className="visually-hidden">
                  {t(`profiles.${texts}.nameOf`, { n })}
                </label>
                <input
                  id={nameId}
                  className="mono"
                  value={row.name}
                  aria-describedby={describedBy}
                  aria-invalid={Boolean(props.error)}
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(e) => change(index, { name: e.target.value })}
                />
                <label htmlFor={valueId} className="visually-hidden">
                  {t(`profiles.${texts}.valueOf`, { n })}
                </label>
                <input
                  id={valueId}
                  className="mono"
                  value={row.value}
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(e) => change(index, { value: e.target.value })}
                />
                <button
                  type="button"
                  onClick={() => props.onChange(props.rows.filter((_, i) => i !== index))}
                >
                  {t(`profiles.${texts}.remove`)}
                  <span className="visually-hidden">{t(`profiles.${texts}.rowN`, { n })}</span>
                </button>
              </div>
            );
          })}
        </div>
      )}
      {props.error && (
        <p className="field-error" id={errorId} role="alert">
          {props.error}
        </p>
      )}
      <div>
        <button
          type="button"
          onClick={() => props.onChange([...props.rows, { name: '', value: '' }])}
        >
          {t(`profiles.${texts}.add`)}
        </button>
      </div>
    </fieldset>
  );
}
