// A run: live while this process runs it, its results otherwise. A run that
// ends while shown turns into its results in place, with a notice saying how
// it ended.

import { useState } from 'react';
import { lasttoken } from '../../api/client';
import { useApiValue } from '../../api/use-api';
import { Loaded } from '../../components/Loaded';
import type { RunEnd } from './live/live-run-model';
import { LiveRunView } from './live/LiveRunView';
import { RunEndedNotice } from './live/RunEndedNotice';
import { RunResults } from './results/RunResults';
import { SeriesBanner } from './SeriesBanner';

export function RunPage({ runId }: { runId: string }) {
  const live = useApiValue(() => lasttoken().runsLive(), [runId]);
  const [end, setEnd] = useState<RunEnd | null>(null);
  return (
    <Loaded value={live}>
      {(runs) => {
        const run = runs.find((r) => r.record.id === runId);
        if (run && end === null) {
          return (
            <div className="stack">
              <SeriesBanner runId={runId} />
              <LiveRunView initial={run} onEnded={setEnd} />
            </div>
          );
        }
        return (
          <div className="stack">
            <SeriesBanner runId={runId} />
            {end && <RunEndedNotice end={end} />}
            <RunResults runId={runId} />
          </div>
        );
      }}
    </Loaded>
  );
}
