// A profile's colour, chosen from the palette every chart draws it in: one
// swatch per slot, a radio group the keyboard moves through, each named in
// words for those who do not see it.

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE_COLORS } from '../../../../shared/run';

const SLOTS = Array.from({ length: PROFILE_COLORS }, (_, slot) => slot);

export function ColorField(props: {
  /** Null: not chosen, the service picks the one fewest profiles have. */
  value: number | null;
  onChange: (color: number) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const hintId = useId();
  return (
    <div className={`field${props.error ? ' field-invalid' : ''}`}>
      <span className="field-label" id={labelId}>
        {t('profiles.fields.color')}
      </span>
      <div
        className="color-options"
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={hintId}
      >
        {SLOTS.map((slot) => (
          <label key={slot} className="color-option" title={t(`profiles.colors.${slot}`)}>
            <input
              type="radio"
              name="profile-color"
              value={slot}
              checked={props.value === slot}
              aria-label={t(`profiles.colors.${slot}`)}
              onChange={() => props.onChange(slot)}
            />
            <span className="profile-swatch" data-series={slot} aria-hidden="true" />
          </label>
        ))}
      </div>
      <p className="hint" id={hintId}>
        {props.value === null ? t('profiles.form.colorHintNew') : t('profiles.form.colorHint')}
      </p>
      {props.error && (
        <p className="field-error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
