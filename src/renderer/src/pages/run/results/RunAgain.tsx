// "Run again with these settings": New run filled in from this run
// (`#/runs/new?from=<run id>`: new-run/run-again.ts reads it), ready to start
// or to change first. A link, so that it opens in a new tab too.

import { useTranslation } from 'react-i18next';
import type { RunRecord } from '../../../../../shared/run';
import { hrefOf } from '../../../router';
import { forgetOrigin } from '../../new-run/draft-memory';

/**
 * The way to New run filled in from the run; `className` "button" for a
 * page's action. Clicking it forgets any draft made from this run before, so
 * that New run starts from the run's own settings again.
 */
export function RunAgainLink({ runId, className }: { runId: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <a
      className={className}
      href={hrefOf({ page: 'new-run', from: runId })}
      title={t('runs.again.hint')}
      onClick={forgetOrigin}
    >
      {t('runs.again.action')}
    </a>
  );
}

/** The results page's action. */
export function RunAgain({ run }: { run: Pick<RunRecord, 'id'> }) {
  return <RunAgainLink runId={run.id} className="button" />;
}
