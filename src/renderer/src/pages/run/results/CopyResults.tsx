// "Copy results as Markdown": the verdicts, what the data shows and the
// tables of the whole run, worded as this page words them (run-markdown.ts),
// for an issue or a chat; the way a table's own copy button says it did.

import { useTranslation } from 'react-i18next';
import type { RunView } from '../../../../../shared/api';
import { runMarkdown } from '../../../../../shared/results/run-markdown';
import type { RunProfile } from '../../../../../shared/results/run-profiles';
import { CopyRefused, useCopy } from '../../../components/table/copy-outcome';
import { useWords } from './use-results-text';

export function CopyResults({
  view,
  profiles,
}: {
  view: RunView;
  profiles: readonly RunProfile[];
}) {
  const { t } = useTranslation();
  const words = useWords();
  const { outcome, copy } = useCopy<'markdown'>();
  return (
    <div className="table-copy">
      <button
        type="button"
        className="table-copy-button"
        onClick={() => void copy('markdown', runMarkdown(view, profiles, words))}
      >
        {t('results.copy.markdown')}
      </button>
      {/* Always there, so that screen readers hear what appears in it. */}
      <p className="table-copy-status small" role="status">
        {outcome && 'copied' in outcome && t('results.copy.copied')}
      </p>
      {outcome && 'refused' in outcome && (
        <CopyRefused outcome={outcome} label={t('results.copy.refusedText')} />
      )}
    </div>
  );
}
