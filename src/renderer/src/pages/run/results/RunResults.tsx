// The results of one finished run (`#/runs/<id>` once it is over): what was
// measured and how, what the data shows of the myths, the summary per
// profile × mode, where the time went, the comparisons and the A-vs-B
// differences, the arrival timeline, the chunk sizes, the failures, and the
// CSV exports. Chart data is computed in main (chartsRun): the page receives a
// few thousand points, never the raw timelines.

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunCharts, RunView } from '../../../../../shared/api';
import { findings } from '../../../../../shared/findings';
import { lasttoken } from '../../../api/client';
import { useApiValue } from '../../../api/use-api';
import { Loaded } from '../../../components/Loaded';
import { BoxPlots } from './BoxPlots';
import { ChunkHistogramChart } from './ChunkHistogramChart';
import { DifferenceChart } from './DifferenceChart';
import { ExportPanel } from './ExportPanel';
import { FailedTrials } from './FailedTrials';
import { Findings } from './Findings';
import { PhaseChart } from './PhaseChart';
import { RunHeader } from './RunHeader';
import { runProfiles } from './run-profiles';
import { summaryTables } from './summary-model';
import { SummaryTables } from './SummaryTable';
import { TimelineChart } from './TimelineChart';
import './results.css';

export function RunResults({ runId }: { runId: string }) {
  const data = useApiValue(
    () =>
      Promise.all([
        lasttoken().historyRun({ run_id: runId }),
        lasttoken().chartsRun({ run_id: runId }),
      ]),
    [runId],
  );
  return (
    <Loaded value={data}>{([view, charts]) => <Results view={view} charts={charts} />}</Loaded>
  );
}

function Results({ view, charts }: { view: RunView; charts: RunCharts }) {
  const { t } = useTranslation();
  const profiles = useMemo(() => runProfiles(view.run), [view.run]);
  const tables = useMemo(() => summaryTables(view), [view]);
  const found = useMemo(
    () =>
      findings(
        view.run.profiles.map((profile) => ({
          profile_id: profile.id,
          summaries: view.summaries[profile.id] ?? [],
          trials: view.trials.filter((row) => row.profile_id === profile.id),
        })),
      ),
    [view],
  );
  const fileName = `lasttoken-${view.run.id}`;
  return (
    <div className="stack run-results" data-run={view.run.id}>
      <RunHeader view={view} profiles={profiles} actions={<ExportPanel runId={view.run.id} />} />
      <Findings findings={found} profiles={profiles} />
      <SummaryTables tables={tables} profiles={profiles} />
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
      <FailedTrials trials={view.trials} profiles={profiles} />
    </div>
  );
}
