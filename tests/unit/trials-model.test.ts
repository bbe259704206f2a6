// The results page's trials table as data: what it asks main for, which
// figures a mode does not have, and what the drawer of a trial lists.

import { describe, expect, it } from 'vitest';
import en from '../../src/shared/i18n/locales/en/results.json';
import zh from '../../src/shared/i18n/locales/zh-CN/results.json';
import {
  DRAWER_SECTIONS,
  FIGURE_COLUMNS,
  FIRST_QUERY,
  drawerFigures,
  figureValue,
  isFirstQuery,
  trialsInput,
  withFilter,
} from '../../src/renderer/src/pages/run/results/trials-model';
import type { TrialRow } from '../../src/shared/api';
import { TRIAL_SORT_FIGURES } from '../../src/shared/trial-order';
import type { Trial } from '../../src/shared/trial';
import { plainTrial } from '../support/ui-timing';
import { makeTrial } from './trial-fixture';

/** A trial as a page's row carries it: the lengths of its texts, no timeline. */
function rowTrial(trial: Trial): TrialRow['trial'] {
  const { timeline, gaps_ms, text, reasoning_text, ...rest } = trial;
  void timeline;
  void gaps_ms;
  return { ...rest, text_chars: text.length, reasoning_chars: reasoning_text.length };
}

describe('the page a trials table asks for', () => {
  it('starts with every failed trial first, 50 a page, unfiltered', () => {
    expect(isFirstQuery(FIRST_QUERY)).toBe(true);
    expect(trialsInput('r', FIRST_QUERY)).toEqual({
      run_id: 'r',
      profile_id: undefined,
      mode: undefined,
      status: undefined,
      order: 'failed_first',
      sort: undefined,
      limit: 50,
      offset: 0,
    });
  });

  it('asks main to filter and sort, and pages by offset', () => {
    const query = {
      ...withFilter(FIRST_QUERY, {
        profile_id: 'p',
        mode: 'plain',
        status: 'failed',
        sort: { key: 'total_ms', direction: 'descending' },
      }),
      page: 3,
    } as const;
    expect(isFirstQuery(query)).toBe(false);
    expect(trialsInput('r', query)).toMatchObject({
      profile_id: 'p',
      mode: 'plain',
      status: 'failed',
      sort: { figure: 'total_ms', direction: 'descending' },
      offset: 100,
    });
  });

  it('goes back to page 1 when a filter or the sort changes', () => {
    const third = { ...FIRST_QUERY, page: 3 };
    expect(withFilter(third, { mode: 'stream' }).page).toBe(1);
    expect(withFilter(third, { sort: { key: 'tokens', direction: 'ascending' } }).page).toBe(1);
  });

  it('sorts by every figure main has an index for, and only by those', () => {
    const sorted = FIGURE_COLUMNS.flatMap((column) => (column.sort ? [column.sort] : []));
    expect([...sorted].sort()).toEqual([...TRIAL_SORT_FIGURES].sort());
    for (const column of FIGURE_COLUMNS) if (column.sort) expect(column.sort).toBe(column.key);
  });
});

describe('a row’s figures', () => {
  it('are n/a where the mode has no such figure, a value (or none measured) elsewhere', () => {
    const plain = rowTrial(plainTrial(3));
    const failed = rowTrial(makeTrial({ status: 'http_error', total_ms: null }));
    const at = (trial: TrialRow['trial'], key: string) =>
      figureValue(trial, FIGURE_COLUMNS.find((c) => c.key === key) ?? FIGURE_COLUMNS[0]!);
    expect(at(plain, 'ttft_ms')).toEqual({ kind: 'na' });
    expect(at(plain, 'gap_max_ms')).toEqual({ kind: 'na' });
    expect(at(plain, 'chunks')).toEqual({ kind: 'na' });
    expect(at(plain, 'total_ms')).toEqual({ kind: 'value', unit: 'ms', value: plain.total_ms });
    expect(at(plain, 'tokens')).toEqual({ kind: 'value', unit: 'count', value: 700 });
    expect(at(failed, 'total_ms')).toEqual({ kind: 'value', unit: 'ms', value: null });
    expect(at(failed, 'ttft_ms')).toEqual({ kind: 'value', unit: 'ms', value: 200 });
  });
});

describe('a trial’s drawer', () => {
  const section = (key: string) => DRAWER_SECTIONS.find((s) => s.key === key)!;
  const keys = (trial: TrialRow['trial'], key: string) =>
    drawerFigures(trial, section(key)).map((f) => f.key);

  it('lists a streamed trial’s stream figures; a plain trial has none of them', () => {
    const stream = rowTrial(makeTrial());
    const plain = rowTrial(plainTrial(1));
    expect(keys(stream, 'stream')).toContain('gap_p95_ms');
    expect(keys(plain, 'stream')).toEqual([]);
    expect(keys(plain, 'times')).not.toContain('ttft_ms');
    expect(keys(plain, 'times')).toContain('first_byte_ms');
    // Figures not measured are listed (a dash): a failure keeps what it measured.
    expect(keys(rowTrial(makeTrial({ total_ms: null })), 'times')).toContain('total_ms');
  });

  it('shows of the request only what the trial stored', () => {
    const old = rowTrial(makeTrial({ token_param: null, input_tokens: null, proxy: null }));
    expect(keys(old, 'request')).toEqual(['usage_requested', 'reused_connection']);
    const shaped = rowTrial(
      makeTrial({ token_param: 'max_completion_tokens', input_tokens: 2000 }),
    );
    expect(drawerFigures(shaped, section('request')).slice(0, 2)).toEqual([
      {
        key: 'token_param',
        value: { kind: 'value', unit: 'text', value: 'max_completion_tokens' },
      },
      { key: 'input_tokens', value: { kind: 'value', unit: 'count', value: 2000 } },
    ]);
  });

  it('names every figure and section in both languages', () => {
    for (const locale of [en, zh]) {
      for (const { key, figures } of DRAWER_SECTIONS) {
        expect(locale.trials.drawer.section).toHaveProperty(key);
        for (const figure of figures) expect(locale.trials.figure).toHaveProperty(figure.key);
      }
      for (const column of FIGURE_COLUMNS) expect(locale.trials.column).toHaveProperty(column.key);
    }
  });
});
