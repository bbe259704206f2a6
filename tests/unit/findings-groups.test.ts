// What the data shows, grouped: a headline once per kind, the profiles it
// holds for each once, failing profiles first and apart by how they failed.

import { describe, expect, it } from 'vitest';
import type { FailingProfile } from '../../src/shared/failing-profiles';
import type { Finding } from '../../src/shared/findings';
import { findingGroups, groupProfiles } from '../../src/shared/results/findings-groups';

const chunks = (profile_id: string): Finding => ({
  kind: 'chunks_not_tokens',
  profile_id,
  tokens_per_chunk: { n: 3, median: 4, ci95: [3.5, 4.5] },
  gap_median: null,
});

const cache = (profile_id: string, mode: 'stream' | 'plain'): Finding => ({
  kind: 'prompt_cache',
  profile_id,
  mode,
  n: 3,
  served: 2,
  cached_tokens: 1024,
  served_first: { n: 2, median: 100, ci95: null },
  unserved_first: null,
});

const pings = (profile_id: string): Finding => ({
  kind: 'pings_kept_open',
  profile_id,
  trials: 3,
  n: 3,
  first_token: 3,
  pings_before_ttft: 10,
  pings_after_ttft: 0,
  content_silence_ms: 1200,
  longest_silence_ms: 100,
});

const failing = (profile_id: string, ok: number): FailingProfile => ({
  profile_id,
  trials: 5,
  ok,
  status: 'http_error',
  count: 5 - ok,
  message: null,
});

describe('findings grouped by kind', () => {
  it('gives each kind one group, in main’s order, its profiles in the run’s', () => {
    // Main sorts findings by kind, the profiles in the run's order within each.
    const groups = findingGroups([chunks('a'), chunks('b'), pings('b'), cache('a', 'stream')], []);
    expect(groups.map((g) => g.kind)).toEqual([
      'chunks_not_tokens',
      'pings_kept_open',
      'prompt_cache',
    ]);
    expect(groups.map(groupProfiles)).toEqual([['a', 'b'], ['b'], ['a']]);
    const [first] = groups;
    expect(first?.kind !== 'failing' && first?.findings).toEqual([chunks('a'), chunks('b')]);
  });

  it('names a profile once when it has a finding of the kind in each mode', () => {
    const groups = findingGroups([cache('a', 'stream'), cache('a', 'plain')], []);
    expect(groups.map(groupProfiles)).toEqual([['a']]);
    const [group] = groups;
    expect(group?.kind !== 'failing' && group?.findings).toHaveLength(2);
  });

  it('puts failing profiles first: those that measured nothing, then those that mostly failed', () => {
    const groups = findingGroups([pings('a')], [failing('b', 1), failing('c', 0), failing('d', 0)]);
    expect(groups.map((g) => (g.kind === 'failing' ? `failing:${g.reason}` : g.kind))).toEqual([
      'failing:none',
      'failing:most',
      'pings_kept_open',
    ]);
    expect(groups.map(groupProfiles)).toEqual([['c', 'd'], ['b'], ['a']]);
  });

  it('has no group when nothing was found and nothing failed', () => {
    expect(findingGroups([], [])).toEqual([]);
  });
});
