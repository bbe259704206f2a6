// A stored run's trials for an export that must not hold the main thread:
// read a page at a time (HistoryQueries.trialPages), with a turn of the event
// loop after each page, their reader metrics at the pace asked (as stored
// when none is).

import { atReaderPace } from '../../shared/reader';
import type { StoredTrial } from '../../shared/run';
import { nextTurn } from '../slices';

export async function* pagedTrials(
  pages: Iterable<StoredTrial[]>,
  pace?: number,
): AsyncGenerator<StoredTrial> {
  for (const page of pages) {
    for (const stored of page) {
      yield pace === undefined ? stored : { ...stored, trial: atReaderPace(stored.trial, pace) };
    }
    await nextTurn();
  }
}
