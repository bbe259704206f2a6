// The results of one finished run (`#/runs/<id>` once it is over), the answer
// first: what was measured and how, who was faster per mode (the verdicts),
// with the words they use, the summary per profile × mode, what the data
// shows of the myths, then where the time went, the comparisons and the
// A-vs-B differences, the arrival timeline, the chunk sizes, and every trial
// (the failed ones first). Everything is computed in main: the figures once,
// kept with the run (historyRun), the chart data from the stored trials
// (chartsRun), a few thousand points, never the raw timelines; and the trials
// come a page at a time (historyTrials). The page never receives every trial
// of a run.

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunCharts, RunView, TrialPage } from '../../../../../shared/api';
import { ApiCallError } from '../../../../../shared/api-client';
import { lasttoken } from '../../../api/client';
import { useApiValue } from '../../../api/use-api';
import { EmptyState } from '../../../components/EmptyState';
import { Loaded } from '../../../components/Loaded';
import { hrefOf } from '../../../router';
import { BoxPlots } from './BoxPlots';
import { ChunkHistogramChart } from './ChunkHistogramChart';
import { CopyResults } from './CopyResults';
import { DifferenceChart } from './DifferenceChart';
import { ExportPanel } from './ExportPanel';
import { TrialsTable, trialsPage } from './TrialsTable';
import { Findings } from './Findings';
import { PhaseChart } from './PhaseChart';
import { PrefillSection } from './PrefillSection';
import { RunAgain } from './RunAgain';
import { RunHeader, tokenParamsSentOf, type TokenParamsSent } from './RunHeader';
import { runProfiles } from '../../../../../shared/results/run-profiles';
import { summaryTables } from '../../../../../shared/results/summary-model';
import { SummaryTables } from './SummaryTable';
import { TermsLegend } from './TermsLegend';
import { TimelineChart } from './TimelineChart';
import { VerdictCards } from './VerdictCards';
import './results.css';

function isNotFound(error: unknown): boolean {
  return error instanceof ApiCallError && error.code === 'not_found';
}

/** A run this history does not hold (deleted, or a mistyped address): where to go instead, no retry. */
function RunNotFound() {
  const { t } = useTranslation();
  return (
    <EmptyState title={t('results.notFound.title')}>
      <p>{t('results.notFound.text')}</p>
      <p className="actions">
        <a href={hrefOf({ page: 'history' })}>{t('results.notFound.history')}</a>{' '}
        <a href={hrefOf({ page: 'new-run' })}>{t('common.nav.newRun')}</a>
      </p>
    </EmptyState>
  );
}

export function RunResults({ runId }: { runId: string }) {
  const data = useApiValue(() => {
    const view = lasttoken().historyRun({ run_id: runId });
    return Promise.all([
      view,
      lasttoken().chartsRun({ run_id: runId }),
      trialsPage(runId),
      // Which profiles have a choice of token limit name is the run's to say.
      view.then((v) => tokenParamsSentOf(v.run)),
    ]);
  }, [runId]);
  return (
    <Loaded value={data} failed={(error) => (isNotFound(error) ? <RunNotFound /> : null)}>
      {([view, charts, trials, tokenParams]) => (
        <Results view={view} charts={charts} trials={trials} tokenParams={tokenParams} />
      )}
    </Loaded>
  );
}

function Results({
  view,
  charts,
  trials,
  tokenParams,
}: {
  view: RunView;
  charts: RunCharts;
  /** The trials table's first page, failed trials first. */
  trials: TrialPage;
  tokenParams: TokenParamsSent;
}) {
  const { t } = useTranslation();
  const profiles = useMemo(() => runProfiles(view.run, t), [view.run, t]);
  const tables = useMemo(() => summaryTables(view), [view]);
  const fileName = `lasttoken-${view.run.id}`;
  return (
    <div className="stack run-results" data-run={view.run.id}>
      <RunHeader
        view={view}
        profiles={profiles}
        tokenParams={tokenParams}
        actions={
          <>
            <RunAgain run={view.run} />
            <ExportPanel runId={view.run.id} />
          </>
        }
      />
      <CopyResults view={view} profiles={profiles} />
      <VerdictCards view={view} profiles={profiles} />
      <TermsLegend view={view} />
      <SummaryTables tables={tables} profiles={profiles} />
      <Findings view={view} profiles={profiles} />
      <PrefillSection prefill={view.prefill} profiles={profiles} fileName={`${fileName}-prefill`} />
      <PhaseChart
        medians={charts.phase_medians}
        profiles={profiles}
        fileName={`${fileName}-phases`}
      />
      <BoxPlots boxes={charts.boxes} profiles={profiles} fileName={`${fileName}-boxes`} />
      <DifferenceChart
        comparisons={view.comparisons}
        profiles={profiles}
        fileName={`${fileName}-differences`}
      />
      <section className="stack" aria-labelledby="results-streams-title">
        <h2 id="results-streams-title">{t('results.streams.title')}</h2>
        <TimelineChart
          arrivals={charts.arrivals}
          every={charts.arrival_every}
          profiles={profiles}
          modes={view.run.config.modes}
          fileName={`${fileName}-timeline`}
        />
        <ChunkHistogramChart
          histograms={charts.histograms}
          profiles={profiles}
          fileName={`${fileName}-chunks`}
        />
      </section>
      <TrialsTable
        runId={view.run.id}
        first={trials}
        profiles={profiles}
        modes={view.run.config.modes}
      />
    </div>
  );
}
