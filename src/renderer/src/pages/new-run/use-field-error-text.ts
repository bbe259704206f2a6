// A new-run field's error in words, for whichever card holds the field.

import { useTranslation } from 'react-i18next';
import { MAX_INPUT_LENGTHS, MAX_INPUT_TOKENS } from '../../../../shared/run';
import { useFormat } from '../../i18n/format';
import type { FieldError } from './run-draft';

export function useFieldErrorText(): (error: FieldError | undefined) => string | null {
  const { t } = useTranslation();
  const format = useFormat();
  return (error) => {
    if (!error) return null;
    switch (error.kind) {
      case 'integer':
        return t('runs.new.errors.integer', {
          min: format.count(error.min),
          max: format.count(error.max),
        });
      case 'seconds':
        return t(error.min === 0 ? 'runs.new.errors.secondsOrZero' : 'runs.new.errors.seconds', {
          max: format.count(error.max),
        });
      case 'input_tokens': {
        const { problem } = error;
        if (problem.kind === 'length') {
          return t('runs.new.errors.inputTokens.length', {
            part: problem.part,
            max: format.count(MAX_INPUT_TOKENS),
          });
        }
        if (problem.kind === 'too-many') {
          return t('runs.new.errors.inputTokens.tooMany', {
            max: format.count(MAX_INPUT_LENGTHS),
            count: format.count(problem.count),
          });
        }
        return t('runs.new.errors.inputTokens.repeated', { length: format.count(problem.length) });
      }
    }
  };
}
