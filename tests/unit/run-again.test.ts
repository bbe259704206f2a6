// "Run again": a stored run's settings as New run's draft. The draft made from
// a run's config parses back to that config, field by field; a profile gone
// since is left out and named; the prompt (from a file, or a synthetic
// prompt's question and lengths) is the one the run stored; the repetitions
// come from the series while the app knows it; and which run a draft came
// from is kept for that run alone.

import { describe, expect, it } from 'vitest';
import type { SeriesView } from '../../src/shared/api';
import {
  DEFAULT_RUN_LIMITS,
  type Profile,
  type RunConfig,
  type RunRecord,
} from '../../src/shared/run';
import {
  forgetOrigin,
  rememberedOrigin,
  rememberOrigin,
  withKept,
} from '../../src/renderer/src/pages/new-run/draft-memory';
import {
  draftOfConfig,
  repeatOfRun,
  runAgainDraft,
} from '../../src/renderer/src/pages/new-run/run-again';
import { NO_REPEAT, parseRepeat } from '../../src/renderer/src/pages/new-run/repeat-draft';
import { parseDraft } from '../../src/renderer/src/pages/new-run/run-draft';
import { presetOf } from '../../src/renderer/src/pages/new-run/prompt-presets';
import { makeProfile } from '../support/profile-fixture';

const profile = (id: string, name = id): Profile => makeProfile(id, { name });

/** A config unlike New run's defaults in every field it can express. */
const config: RunConfig = {
  // A prompt read from a file: several lines, as the run stored it.
  prompt: 'Line one of the file.\n\tLine two, indented.\n',
  max_tokens: 24,
  modes: ['stream', 'plain'],
  trials: 3,
  profile_ids: ['alpha', 'beta'],
  limits: {
    connect_timeout_ms: 2_500,
    idle_timeout_ms: 7_000,
    stall_ms: 1_200,
    deadline_ms: 45_000,
  } as RunConfig['limits'],
  reuse_connection: true,
  warmup: true,
  max_retry_wait_ms: 0,
  give_up_after: 0,
  params: { system: 'Be brief.', temperature: 0.3, top_p: 0.9, seed: 7, stop: ['END', 'a\nb'] },
  input_tokens: [1000, 4500],
  cache: 'warm',
};

const record = (over: Partial<RunRecord> = {}): RunRecord => ({
  id: 'run-1',
  config,
  // A snapshot is a profile without its timestamps; the extra two do not matter here.
  profiles: [profile('alpha', 'Alpha'), profile('beta', 'Beta')],
  status: 'completed',
  started_at: '2026-03-01T10:00:00.000Z',
  ended_at: '2026-03-01T10:01:00.000Z',
  planned_calls: 12,
  series_id: null,
  label: null,
  imported_at: null,
  profile_failures: [],
  environment: null,
  ...over,
});

describe('run again: a run’s config as New run’s draft', () => {
  it('parses back to the same config, every field New run can express', () => {
    const parsed = parseDraft(draftOfConfig(config));
    expect(parsed.errors).toEqual({});
    expect(parsed.paramProblems).toEqual([]);
    const { limits, ...rest } = config;
    expect(parsed.config).toEqual({ ...rest, limits });
  });

  it('goes from draft to config to draft unchanged', () => {
    const draft = draftOfConfig(config);
    const again = parseDraft(draft).config as RunConfig;
    expect(draftOfConfig(again)).toEqual(draft);
  });

  it('keeps each mode choice, one length, no length, and the defaults a run made before them had', () => {
    for (const modes of [['stream'], ['plain'], ['plain', 'stream']] as const) {
      expect(
        parseDraft(draftOfConfig({ ...config, modes: [...modes] })).config?.modes.sort(),
      ).toEqual([...modes].sort());
    }
    const older: RunConfig = {
      prompt: 'Hi',
      max_tokens: 300,
      modes: ['stream'],
      trials: 5,
      profile_ids: ['alpha'],
      limits: DEFAULT_RUN_LIMITS,
      reuse_connection: false,
      warmup: false,
      input_tokens: 8000,
    };
    const draft = draftOfConfig(older);
    expect(draft).toMatchObject({ maxRetryWait: '60', giveUpAfter: '5', cache: 'cold' });
    expect(parseDraft(draft).config).toMatchObject({ input_tokens: 8000, prompt: 'Hi' });
    expect(draftOfConfig({ ...older, input_tokens: undefined }).inputTokens).toBe('');
  });

  it('shows a synthetic prompt as the preset it came from', () => {
    const draft = draftOfConfig({
      ...config,
      prompt: 'Summarise the text above in three sentences.',
      input_tokens: [1000, 4000, 16000, 32000],
    });
    expect(draft.inputTokens).toBe('1k, 4k, 16k, 32k');
    expect(presetOf(draft.prompt, draft.inputTokens)?.id).toBe('inputSweep');
  });

  it('leaves out a profile that no longer exists, and names it as the run knew it', () => {
    const again = runAgainDraft(record(), [profile('beta'), profile('other')], []);
    expect(again.draft.profileIds).toEqual(['beta']);
    expect(again.origin).toEqual({
      run_id: 'run-1',
      started_at: '2026-03-01T10:00:00.000Z',
      missing: ['Alpha'],
    });
    expect(runAgainDraft(record(), [profile('alpha'), profile('beta')], []).origin.missing).toEqual(
      [],
    );
  });

  it('repeats as the series did while the app knows it, and keeps the run’s label', () => {
    const series = {
      series_id: 's1',
      count: 4,
      every_ms: 90_000,
    } as SeriesView;
    const repeat = repeatOfRun({ series_id: 's1', label: 'laptop, Berlin' }, [series]);
    expect(repeat).toEqual({ count: '4', everyMinutes: '1.5', label: 'laptop, Berlin' });
    expect(parseRepeat(repeat)).toMatchObject({
      count: 4,
      every_ms: 90_000,
      label: 'laptop, Berlin',
    });
    // A series this app no longer knows: one run, with the label.
    expect(repeatOfRun({ series_id: 's2', label: 'x' }, [series])).toEqual({
      ...NO_REPEAT,
      label: 'x',
    });
    expect(repeatOfRun({ series_id: null, label: null }, [series])).toEqual(NO_REPEAT);
  });
});

describe('run again: what New run keeps of it', () => {
  it('remembers which run a draft came from, for that run only', () => {
    rememberOrigin({ run_id: 'run-1', started_at: '2026-03-01T10:00:00.000Z', missing: ['Alpha'] });
    expect(rememberedOrigin('run-1')?.missing).toEqual(['Alpha']);
    expect(rememberedOrigin('run-2')).toBeNull();
    forgetOrigin();
    expect(rememberedOrigin('run-1')).toBeNull();
  });

  it('reads a kept repeat over the defaults as a draft is read', () => {
    expect(withKept(NO_REPEAT, { count: '3', label: 7 as unknown as string })).toEqual({
      ...NO_REPEAT,
      count: '3',
    });
  });
});
