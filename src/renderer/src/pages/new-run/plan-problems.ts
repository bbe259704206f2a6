// Why a run cannot start, in the UI's language. The plan's problems are
// sentences main writes in English for the CLI as well (src/main/runs/plan.ts);
// each known sentence maps to a translated key, and one this version does not
// know is shown as main wrote it rather than hidden. tests/unit/plan-problems
// runs main's own checks through this, so a reworded sentence fails there.

export type ProblemKey =
  | 'emptyPrompt'
  | 'maxTokens'
  | 'trials'
  | 'noMode'
  | 'unknownMode'
  | 'repeatedMode'
  | 'noProfile'
  | 'repeatedProfile'
  | 'unknownProfile'
  | 'limit'
  | 'warmNeedsWarmup'
  | 'warmSweep'
  | 'sharedParamRefused';

export type PlanProblem =
  | { key: ProblemKey; values: Record<string, string> }
  /** A sentence this version does not know: shown as written. */
  | { key: null; text: string };

/** Each problem's i18n key (runs.json). */
export const PROBLEM_KEYS: Record<ProblemKey, string> = {
  emptyPrompt: 'runs.new.problems.emptyPrompt',
  maxTokens: 'runs.new.problems.maxTokens',
  trials: 'runs.new.problems.trials',
  noMode: 'runs.new.problems.noMode',
  unknownMode: 'runs.new.problems.unknownMode',
  repeatedMode: 'runs.new.problems.repeatedMode',
  noProfile: 'runs.new.problems.noProfile',
  repeatedProfile: 'runs.new.problems.repeatedProfile',
  unknownProfile: 'runs.new.problems.unknownProfile',
  limit: 'runs.new.problems.limit',
  warmNeedsWarmup: 'runs.new.problems.warmNeedsWarmup',
  warmSweep: 'runs.new.problems.warmSweep',
  sharedParamRefused: 'runs.new.problems.sharedParamRefused',
};

const PATTERNS: {
  pattern: RegExp;
  key: ProblemKey;
  values?: (m: RegExpMatchArray) => Record<string, string>;
}[] = [
  { pattern: /^the prompt is empty$/, key: 'emptyPrompt' },
  { pattern: /^max_tokens must be /, key: 'maxTokens' },
  { pattern: /^trials must be /, key: 'trials' },
  { pattern: /^choose at least one mode\b/, key: 'noMode' },
  { pattern: /^unknown mode /, key: 'unknownMode' },
  { pattern: /^mode .+ is listed more than once$/, key: 'repeatedMode' },
  { pattern: /^choose at least one profile$/, key: 'noProfile' },
  { pattern: /^profile .+ is listed more than once$/, key: 'repeatedProfile' },
  {
    pattern: /^no saved profiles? with id (.+)$/,
    key: 'unknownProfile',
    values: (m) => ({ ids: m[1] ?? '' }),
  },
  {
    pattern: /^limits\.(\w+) must be /,
    key: 'limit',
    values: (m) => ({ limit: m[1] ?? '' }),
  },
  { pattern: /^a warm cache is primed by the warm-ups\b/, key: 'warmNeedsWarmup' },
  { pattern: /^a warm cache is primed by one warm-up prompt, and a sweep\b/, key: 'warmSweep' },
  {
    pattern: /^profile “(.+)” \((.+)\) has no (.+) parameter:/,
    key: 'sharedParamRefused',
    values: (m) => ({ profile: m[1] ?? '', dialect: m[2] ?? '', params: m[3] ?? '' }),
  },
];

export function planProblem(text: string): PlanProblem {
  for (const { pattern, key, values } of PATTERNS) {
    const match = pattern.exec(text);
    if (match) return { key, values: values?.(match) ?? {} };
  }
  return { key: null, text };
}
