// Records a run in its own process until it is killed, for the kill -9 test
// (tests/integration/store-crash.test.ts bundles this file and runs it with
// node). Arguments: database path, run id, profile id, how many trials to save
// (0: without end). Prints `saved k` once trial k is committed; having saved
// its trials it waits, a run still in progress, until killed or its stdin closes.

import { openStore } from '../../src/main/store';
import { runRecord, snapshot, storedTrial } from './store-fixtures';

const [path, runId, profileId, countText] = process.argv.slice(2);
if (!path || !runId || !profileId || countText === undefined) {
  throw new Error('usage: store-crash-child DB RUN_ID PROFILE_ID COUNT');
}
const count = Number(countText);
const store = openStore(path);
store.runs.createRun(runRecord(runId, [snapshot(profileId)]));

// The parent's end closes our stdin: do not outlive a test that failed.
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();

let k = 0;
function saveNext(): void {
  if (count > 0 && k === count) return;
  k += 1;
  store.runs.saveTrial(storedTrial(runId as string, profileId as string, k));
  process.stdout.write(`saved ${k}\n`);
  setImmediate(saveNext);
}
saveNext();
