// The results page's sentences as data: the text functions give the strings
// the page showed (known sentences of the locales, filled in), in English and
// Chinese, for the verdicts, the terms, what the data shows, the failures,
// the prefill table and A against B.

import { describe, expect, it } from 'vitest';
import type { Language, RunView } from '../../src/shared/api';
import { verdictText } from '../../src/shared/results/charts/differences';
import { prefillSeries } from '../../src/shared/results/charts/prefill';
import { differencesTableText } from '../../src/shared/results/differences-table';
import { profileProblems } from '../../src/shared/results/failures-text';
import { findingsText } from '../../src/shared/results/findings-text';
import { prefillTable, prefillTableText } from '../../src/shared/results/prefill-table';
import { profileOf, runProfiles, type RunProfile } from '../../src/shared/results/run-profiles';
import { termsText } from '../../src/shared/results/terms-text';
import { joinParts, verdictsText, type Part } from '../../src/shared/results/verdict-text';
import type { Mode, Trial } from '../../src/shared/trial';
import { runRecord, snapshot } from '../support/store-fixtures';
import { runViewOf } from './run-view-fixture';
import { makePlainTrial, makeTrial } from './trial-fixture';
import { wordsIn } from './words-fixture';

const JITTER = [0, 3, 1, 4, 2];

/** Five rounds of a stream and a plain trial: the first token at `base` (+ jitter), the end 300 ms later. */
function rounds(base: number, overrides: Partial<Trial> = {}): Trial[] {
  return JITTER.flatMap((j) => [
    makeTrial({
      ttft_ms: base + j,
      last_token_ms: base + 280 + j,
      total_ms: base + 300 + j,
      ...overrides,
    }),
    makePlainTrial({ first_byte_ms: base + 290 + j, total_ms: base + 300 + j, ...overrides }),
  ]);
}

const failed = (count: number): Trial[] =>
  Array.from({ length: count }, () =>
    makeTrial({
      status: 'http_error',
      http_status: 503,
      ttft_ms: null,
      total_ms: null,
      error: 'Service unavailable',
    }),
  );

/** A completed run of these modes whose profiles (named as their ids) ran these trials. */
function viewOf(byProfile: Record<string, Trial[]>, modes: Mode[] = ['stream', 'plain']): RunView {
  const record = runRecord(
    'r1',
    Object.keys(byProfile).map((id) => snapshot(id, { name: id })),
    { status: 'completed' },
  );
  return runViewOf({ ...record, config: { ...record.config, modes } }, byProfile);
}

/** A sentence as the page reads it: each profile's name, each term's word. */
function said(parts: readonly Part[], profiles: readonly RunProfile[]): string {
  return joinParts(parts, {
    text: (text) => text,
    profile: (id) => profileOf(profiles, id).name,
    term: (word) => word,
  });
}

const view = viewOf({ slow: rounds(300), fast: rounds(100), broken: failed(5) });

describe('the verdict cards’ text', () => {
  const cases: [Language, Record<string, string>][] = [
    [
      'en',
      {
        title: 'Streamed',
        label: 'First token (TTFT)',
        word: 'faster',
        lower:
          'fast is 200 ms faster than slow (95% interval 200 to 200 ms, n = 5 each, paired by round).',
        notMeasured: 'broken: not measured, no trial ended ok (5 tried).',
      },
    ],
    [
      'zh-CN',
      {
        title: '流式',
        label: '首 token（TTFT）',
        word: '更快',
        lower: 'fast 比 slow 快 200 毫秒（95% 区间 200 至 200 毫秒，各 n = 5，按轮配对）。',
        notMeasured: 'broken：未测到，没有一次试验成功（共试了 5 次）。',
      },
    ],
  ];
  it.each(cases)('say who was faster, with interval and n, in %s', (language, expected) => {
    const words = wordsIn(language);
    const profiles = runProfiles(view.run, words.t);
    const [stream] = verdictsText(view, words).cards;
    expect(stream?.title).toBe(expected.title);
    const first = stream?.lines.find((line) => line.figure === 'first');
    expect(said(first?.label ?? [], profiles)).toBe(expected.label);
    expect(first?.word).toBe(expected.word);
    expect(said(first?.sentence ?? [], profiles)).toBe(expected.lower);
    // The names are parts, for the page's tags: never in the words around them.
    expect(first?.sentence).toContainEqual({ profile: 'fast' });
    expect(first?.label).toContainEqual({
      term: 'TTFT',
      description: words.t('results.terms.ttft'),
    });
    expect(stream?.notMeasured.map((m) => said(m.sentence, profiles))).toEqual([
      expected.notMeasured,
    ]);
  });

  it('say a lone profile has nothing to compare with, and keep a name with placeholders as it is', () => {
    const words = wordsIn('en');
    const lone = viewOf({ '{{name}} <b>': rounds(100) }, ['stream']);
    const [card] = verdictsText(lone, words).cards;
    expect(card?.lines).toEqual([]);
    expect(said(card?.single ?? [], runProfiles(lone.run, words.t))).toBe(
      'Only {{name}} <b> was measured: there is nothing to compare it with. Its figures are in the summary below.',
    );
  });
});

describe('the terms legend’s text', () => {
  it('names the terms of the run’s modes, p95 at its few trials', () => {
    const words = wordsIn('en');
    const terms = termsText(view, words);
    expect(terms.title).toBe('Terms:');
    expect(terms.entries.map((e) => e.word)).toEqual([
      'TTFT',
      'TTFB',
      'gap',
      'chunk',
      'p95',
      'reader at 8 tokens/s',
    ]);
    expect(terms.entries.find((e) => e.entry === 'p95')?.gloss).toBe(
      'with n = 5, about the slowest trial',
    );
    const plainOnly = termsText(viewOf({ a: rounds(100) }, ['plain']), wordsIn('zh-CN'));
    expect(plainOnly.entries.map((e) => e.entry)).toEqual(['ttfb', 'p95', 'reader']);
  });
});

describe('what the data shows, as text', () => {
  it('says the failing profiles first, then each finding with the figures it rests on', () => {
    const text = findingsText(view, wordsIn('en'));
    expect(text.title).toBe('What the data shows');
    expect(text.none).toBeNull();
    const [failing, ...found] = text.groups;
    expect(failing).toMatchObject({
      kind: 'failing',
      reason: 'none',
      title: 'Nothing was measured.',
      profile_ids: ['broken'],
      items: [
        {
          profile_id: 'broken',
          text: 'No trial ended ok (5 of 5 failed with HTTP error), so nothing else said here is about this profile.',
          evidence: [],
        },
      ],
    });
    const chunks = found.find((group) => group.kind === 'chunks_not_tokens');
    expect(chunks?.title).toBe('Chunks are not tokens.');
    expect(chunks?.profile_ids).toEqual(['slow', 'fast']);
    expect(chunks?.items[1]).toEqual({
      profile_id: 'fast',
      text: "Each chunk carried 2.0 tokens (median of the trials' means), so the median gap of 100 ms is between batches of tokens, not between tokens.",
      evidence: [
        'tokens per chunk: 2.0 (95% interval 2.0 to 2.0, n = 5)',
        'median gap: 100 ms (95% interval 100 to 100 ms, n = 5)',
      ],
    });
    const first = found.find((group) => group.kind === 'first_not_last');
    expect(first?.items[1]?.evidence[0]).toBe(
      'TTFT against TTFB: 290 ms sooner streamed (95% interval 290 to 290 ms, n = 5 pairs)',
    );
  });

  it('says the same in Chinese', () => {
    const text = findingsText(view, wordsIn('zh-CN'));
    expect(text.title).toBe('数据说明了什么');
    expect(text.groups[0]?.items[0]?.text).toBe(
      '没有一次试验成功（5 次中有 5 次因HTTP 错误失败），所以这里说的其他内容都与这个端点无关。',
    );
    const chunks = text.groups.find((group) => group.kind === 'chunks_not_tokens');
    expect(chunks?.items[0]?.text).toBe(
      '每个块携带 2.0 个 token（各次试验平均值的中位数），所以 100 毫秒 的间隔中位数是一批批 token 之间的间隔，而不是 token 之间的间隔。',
    );
  });

  it('says nothing was found as such, and differently when profiles failed', () => {
    const words = wordsIn('en');
    const streams = JITTER.map((j) => makeTrial({ ttft_ms: 100 + j, tokens_per_chunk_mean: 1 }));
    const quiet = viewOf({ a: streams }, ['stream']);
    expect(findingsText(quiet, words).none).toBe(words.t('results.findings.none'));
    const failing = viewOf({ a: streams, b: failed(5) }, ['stream']);
    expect(findingsText(failing, words).none).toBe(words.t('results.findings.noneWithFailures'));
  });
});

describe('why profiles were not measured', () => {
  it('says the run’s own words for a profile that stopped, then the tally of one that failed', () => {
    const words = wordsIn('en');
    const stopped = {
      ...view,
      run: {
        ...view.run,
        profile_failures: [
          { profile_id: 'slow', reason: 'gave_up' as const, message: 'HTTP 429 | too many' },
        ],
      },
    };
    const problems = profileProblems(stopped, runProfiles(stopped.run, words.t), words);
    expect(problems).toEqual({
      intro: words.t('results.header.completedWithFailures'),
      lines: [
        {
          profile_id: 'slow',
          failing: false,
          headline: 'slow: stopped: too many failed trials in a row.',
          message: 'HTTP 429 | too many',
        },
        {
          profile_id: 'broken',
          failing: true,
          headline: 'broken: no trial ended ok; 5 of 5 failed with HTTP error.',
          message: 'Service unavailable',
        },
      ],
    });
    const zh = wordsIn('zh-CN');
    expect(profileProblems(view, runProfiles(view.run, zh.t), zh)?.lines[0]?.headline).toBe(
      'broken：没有一次试验成功；5 次中有 5 次因HTTP 错误失败。',
    );
    expect(profileProblems(viewOf({ a: rounds(100) }), [], words)).toBeNull();
  });
});

describe('the prefill table as text', () => {
  /** Ok trials at two input lengths: 100 ms fixed, 50 ms per 1,000 prompt tokens. */
  const sweep = [1000, 3000].flatMap((length) =>
    JITTER.map((j) =>
      makeTrial({
        input_tokens: length,
        usage_prompt_tokens: length,
        ttft_ms: 100 + length / 20 + j,
      }),
    ),
  );

  it('gives each length’s median with its n, and the fitted line', () => {
    const words = wordsIn('en');
    const swept = viewOf({ a: [...sweep, makeTrial({ ...failed(1)[0], input_tokens: 3000 })] }, [
      'stream',
    ]);
    const profiles = runProfiles(swept.run, words.t);
    const table = prefillTable(prefillSeries(swept.prefill, profiles), words);
    expect(table?.lengths.map((l) => l.heading)).toEqual(['1,000 tokens', '3,000 tokens']);
    expect(table?.rows).toHaveLength(1);
    const [row] = table?.rows ?? [];
    expect(row?.rowMode).toBe('stream · TTFT');
    expect(row?.lengths).toEqual([
      { tokens: 1000, value: '152', note: 'n = 5' },
      { tokens: 3000, value: '252', note: 'n = 5 · 1 failed' },
    ]);
    expect(row?.slope.value).toBe('50.0');
    expect(row?.n).toBe('10');
    expect(table?.note).toBe(words.t('results.prefill.note.usage'));
    const text = prefillTableText(table!, profiles, words);
    expect(text.header[1]).toBe('Median at each input length (ms): 1,000 tokens');
    expect(text.rows[0]?.slice(0, 3)).toEqual([
      'a (stream · TTFT)',
      '152 (n = 5)',
      '252 (n = 5 · 1 failed)',
    ]);
    expect(prefillTable([], words)).toBeNull();
  });
});

describe('A against B as a table', () => {
  it('gives each comparison’s difference, interval, n and the chart’s verdict words', () => {
    const words = wordsIn('en');
    const two = viewOf({ slow: rounds(300), fast: rounds(100) }, ['stream']);
    const profiles = runProfiles(two.run, words.t);
    const table = differencesTableText(two.comparisons, profiles, words);
    expect(table.header).toEqual([
      'Pair',
      'Mode',
      'Figure',
      'Difference B − A',
      '95% interval',
      'n',
      'What it says',
    ]);
    const ttft = two.comparisons.findIndex((c) => c.metric === 'ttft_ms' && c.mode === 'stream');
    const c = two.comparisons[ttft];
    expect(table.rows[ttft]).toEqual([
      'fast − slow',
      'stream',
      'TTFT',
      '-200 ms',
      '-200 to -200 ms',
      'n = 5 pairs',
      c && verdictText(c, 'slow', 'fast', words),
    ]);
    expect(table.rows[ttft]?.[6]).toBe(
      'fast is lower by 200 ms (95%: -200 ms – -200 ms, n = 5 pairs)',
    );
  });
});
