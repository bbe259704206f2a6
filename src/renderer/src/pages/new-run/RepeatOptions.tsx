// "Repeat every" on New run: how many runs, how far apart (start to start),
// and where they are measured. The runs go on while the app stays open; for
// weeks, docs/run-files-and-series.md shows cron and systemd timers running the CLI instead.

import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import { useFormat } from '../../i18n/format';
import { useDuration } from '../run/live/duration';
import type { ParsedRepeat, RepeatDraft, RepeatError } from './repeat-draft';

export function RepeatOptions(props: {
  draft: RepeatDraft;
  parsed: ParsedRepeat;
  /** API calls of one run, when the plan is known. */
  calls: number | null;
  onChange: (patch: Partial<RepeatDraft>) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const duration = useDuration();
  const { draft, parsed, calls } = props;
  const error = (field: RepeatError['field']): string | null => {
    const found = parsed.errors.find((e) => e.field === field);
    if (!found) return null;
    return t(`runs.new.repeat.errors.${field}`, { max: format.count(found.max) });
  };
  const repeated = parsed.errors.length === 0 && parsed.count > 1;

  return (
    <section className="card stack" aria-labelledby="repeat-title">
      <h2 id="repeat-title">{t('runs.new.repeat.title')}</h2>
      <div className="form-grid">
        <Field
          label={t('runs.new.repeat.count')}
          hint={t('runs.new.repeat.countHint')}
          error={error('count')}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              aria-describedby={describedBy}
              aria-invalid={invalid}
              value={draft.count}
              onChange={(e) => props.onChange({ count: e.target.value })}
            />
          )}
        </Field>
        <Field
          label={t('runs.new.repeat.every')}
          hint={t('runs.new.repeat.everyHint')}
          error={error('every')}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="number"
              min={0.01}
              step="any"
              inputMode="decimal"
              disabled={parsed.count <= 1}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              value={draft.everyMinutes}
              onChange={(e) => props.onChange({ everyMinutes: e.target.value })}
            />
          )}
        </Field>
        <Field
          label={t('runs.new.repeat.label')}
          hint={t('runs.new.repeat.labelHint')}
          error={error('label')}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="text"
              autoComplete="off"
              placeholder={t('runs.new.repeat.labelPlaceholder')}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              value={draft.label}
              onChange={(e) => props.onChange({ label: e.target.value })}
            />
          )}
        </Field>
      </div>
      {repeated && (
        <p className="hint" role="status">
          {t('runs.new.repeat.summary', {
            count: parsed.count,
            runs: format.count(parsed.count),
            every: duration(parsed.every_ms),
            span: duration(parsed.every_ms * (parsed.count - 1)),
          })}{' '}
          {calls !== null &&
            t('runs.new.repeat.calls', {
              count: calls * parsed.count,
              calls: format.count(calls * parsed.count),
            })}{' '}
          {t('runs.new.repeat.whileOpen')}
        </p>
      )}
    </section>
  );
}
