// Scenarios: the model name selects one (`sim-steady`), parameters may follow
// it (`sim-steady:tokens=200,gap=5`), and the scenario turns them into a plan:
// the abstract events with their times, and how they reach the wire. Nothing
// here knows a wire format or a clock; times are ms after the request body
// was received.
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { Dialect } from '../../shared/trial';
import {
  addGeneratedText,
  type FinishReason,
  type Output,
  type ProviderError,
  type Result,
  type TimedEvent,
} from './events';
import { seededRandom, type Random } from '../../shared/random';
import { cjkPieces, contentWords, reasoningWords } from './text';

export interface ScenarioInfo {
  name: string;
  description: string;
}

export type Params = Record<string, number>;

/** The parts of a request that shape a plan. */
export interface PlanRequest {
  dialect: Dialect;
  stream: boolean;
  max_tokens: number | undefined;
  /** The name the request gave its token limit. */
  token_param: 'max_tokens' | 'max_completion_tokens' | 'max_output_tokens' | null;
  has_stream_options: boolean;
  /** How long reading the prompt takes (the `prefill` parameter × uncached prompt tokens): every event comes that much later. */
  prefill_ms: number;
}

/**
 * How generated events reach the wire: `live`, each at its own time;
 * `buffered`, held back and written at once at the end (a proxy that holds
 * the whole answer); `rebuffered`, held back and written whenever
 * `buffer_bytes` have gathered (a proxy's buffer of a few KB); `plain`, one
 * JSON body at the end.
 */
export type Delivery = 'live' | 'buffered' | 'rebuffered' | 'plain';

export interface GenerationPlan {
  /** Sorted by time. */
  events: TimedEvent[];
  delivery: Delivery;
  /** `rebuffered`: the size of the proxy's buffer. */
  buffer_bytes: number;
  /** Write each text event in several parts (sim-cjk). */
  split_events: boolean;
  output: Output;
}

export interface ResolvedScenario {
  name: string;
  /** Defaults merged with the parameters given in the model name. */
  params: Params;
  build: Scenario['build'];
}

interface Timeline {
  events: TimedEvent[];
  delivery?: 'buffered' | 'rebuffered' | 'plain';
  buffer_bytes?: number;
  split_events?: boolean;
}

interface BuildContext {
  request: PlanRequest;
  /** Content tokens to generate: the `tokens` parameter, capped by the request's max_tokens. */
  tokens: number;
  /** Seeded with the `seed` parameter. */
  random: Random;
}

interface ScenarioDef<P extends Params> {
  name: string;
  summary: string;
  /** The parameters a scenario accepts, with their defaults. */
  defaults: P;
  build(params: P, context: BuildContext): Timeline | ProviderError;
}
type Scenario = ScenarioDef<Params>;

/** Lets each definition's `build` see its own parameter names. */
function define<P extends Params>(def: ScenarioDef<P>): Scenario {
  return def;
}

const MAX_PARAM = 600_000;
const PARAM_RULES: Record<string, { integer?: true; min?: number; max?: number }> = {
  tokens: { integer: true },
  seed: { integer: true },
  per: { integer: true, min: 1 },
  reasoning: { integer: true },
  stall_after: { integer: true },
  after: { integer: true },
  retry_after: { integer: true },
  stop_on_close: { integer: true, max: 1 },
  // A zero interval would schedule pings forever.
  ping: { min: 1 },
  buffer: { integer: true, min: 1 },
  cache: { integer: true, max: 1 },
};

/**
 * What every answering scenario also accepts: `prefill`, ms of reading per
 * 1,000 prompt tokens the cache did not serve (TTFT grows with the prompt);
 * `cache=1`, a prefix cache as OpenAI's (prefix-cache.ts).
 */
const PROMPT = { prefill: 0, cache: 0 };

const STEADY = { ttft: 150, gap: 20, tokens: 40, seed: 1, stop_on_close: 0, ...PROMPT };

/**
 * Text events one after another: the first at `first`, the next `gapAfter(i)`
 * after the i-th. `next` is when the event after them would come.
 */
function sequence(
  type: 'content' | 'reasoning',
  pieces: readonly string[],
  first: number,
  gapAfter: (i: number) => number,
): { events: TimedEvent[]; next: number } {
  const events: TimedEvent[] = [];
  let at = first;
  pieces.forEach((text, i) => {
    events.push({ at_ms: at, event: { type, text } });
    at += gapAfter(i);
  });
  return { events, next: at };
}

/** Content events, then the end one step later: the stop token takes a step to generate too. */
function answer(
  pieces: readonly string[],
  first: number,
  gapAfter: (i: number) => number,
): TimedEvent[] {
  const { events, next } = sequence('content', pieces, first, gapAfter);
  return [...events, { at_ms: next, event: { type: 'end' } }];
}

function steady(p: typeof STEADY, { tokens, random }: BuildContext): TimedEvent[] {
  return answer(contentWords(random, tokens), p.ttft, () => p.gap);
}

/** Keep-alives strictly between `from` and `to`. */
function pings(from: number, to: number, every: number): TimedEvent[] {
  const events: TimedEvent[] = [];
  for (let at = from + every; at < to; at += every)
    events.push({ at_ms: at, event: { type: 'ping' } });
  return events;
}

function groups(words: readonly string[], per: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i += per) out.push(words.slice(i, i + per).join(''));
  return out;
}

/** Exponential above gap_min with mean about `gap`, capped at gap_max: mostly short gaps, a few long ones. */
function jitterGap(p: { gap: number; gap_min: number; gap_max: number }, random: Random): number {
  const excess = -Math.log(1 - random()) * Math.max(0, p.gap - p.gap_min);
  return Math.min(p.gap_max, p.gap_min + excess);
}

/** Reasoning tokens from ttft, then the content tokens. */
function reasoned(
  p: typeof STEADY & { reasoning: number },
  { tokens, random }: BuildContext,
): Timeline {
  const thinking = sequence('reasoning', reasoningWords(random, p.reasoning), p.ttft, () => p.gap);
  return {
    events: [
      ...thinking.events,
      ...answer(contentWords(random, tokens), thinking.next, () => p.gap),
    ],
  };
}

const STALL = { ...STEADY, stall_after: 10, stall: 3000 };

/** sim-stall: `stall` ms of silence instead of the gap after the `stall_after`-th token. */
function stalled(p: typeof STALL, { tokens, random }: BuildContext): TimedEvent[] {
  return answer(contentWords(random, tokens), p.ttft, (i) =>
    i === p.stall_after - 1 ? p.stall : p.gap,
  );
}

/** When the stall of `stalled` happens, if the answer is long enough to have one. */
function stallWindow(p: typeof STALL, tokens: number): { from: number; to: number } | null {
  if (p.stall_after < 1 || p.stall_after > tokens) return null;
  const from = p.ttft + (p.stall_after - 1) * p.gap;
  return { from, to: from + p.stall };
}

const DEFINITIONS: Scenario[] = [
  define({
    name: 'sim-steady',
    summary: 'Waits ttft ms, then one token per event every gap ms.',
    defaults: STEADY,
    build: (p, context) => ({ events: steady(p, context) }),
  }),
  define({
    name: 'sim-batched',
    summary: 'Several tokens (per) in each event: chunks are not tokens.',
    defaults: { ...STEADY, per: 4, gap: 60 },
    build: (p, { tokens, random }) => ({
      events: answer(groups(contentWords(random, tokens), p.per), p.ttft, () => p.gap),
    }),
  }),
  define({
    name: 'sim-jitter',
    summary: 'Gaps drawn from a seeded generator: mean about gap ms, between gap_min and gap_max.',
    defaults: { ...STEADY, gap: 25, gap_min: 5, gap_max: 80 },
    build: (p, { tokens, random }) => ({
      events: answer(contentWords(random, tokens), p.ttft, () => jitterGap(p, random)),
    }),
  }),
  define({
    name: 'sim-pings',
    summary: 'Keep-alive pings every ping ms until the first token at ttft, then steady tokens.',
    defaults: { ...STEADY, ttft: 1000, ping: 100, tokens: 20 },
    build: (p, context) => ({ events: [...pings(0, p.ttft, p.ping), ...steady(p, context)] }),
  }),
  define({
    name: 'sim-stall',
    summary: 'Steady, then after stall_after tokens a silence of stall ms with no bytes at all.',
    defaults: STALL,
    build: (p, context) => ({ events: stalled(p, context) }),
  }),
  define({
    name: 'sim-stall-pings',
    summary: 'Like sim-stall, but pings every ping ms keep the connection alive during the stall.',
    defaults: { ...STALL, ping: 250 },
    build: (p, context) => {
      const window = stallWindow(p, context.tokens);
      const keepAlives = window ? pings(window.from, window.to, p.ping) : [];
      return { events: [...stalled(p, context), ...keepAlives] };
    },
  }),
  define({
    name: 'sim-cjk',
    summary:
      'Chinese text, one or two characters per event, each event written in parts that split the data field name and a UTF-8 character.',
    defaults: STEADY,
    build: (p, { tokens, random }) => ({
      events: answer(cjkPieces(random, tokens), p.ttft, () => p.gap),
      split_events: true,
    }),
  }),
  define({
    name: 'sim-role-first',
    summary: 'A role-only event at role ms, an empty one at empty ms, the first text at ttft.',
    defaults: { ...STEADY, role: 5, empty: 40, ttft: 300 },
    build: (p, context) => ({
      events: [
        { at_ms: p.role, event: { type: 'role' } },
        { at_ms: p.empty, event: { type: 'empty' } },
        ...steady(p, context),
      ],
    }),
  }),
  define({
    name: 'sim-reasoning',
    summary: 'Reasoning (thinking) tokens from ttft, then the content tokens.',
    defaults: { ...STEADY, ttft: 100, reasoning: 15 },
    build: reasoned,
  }),
  define({
    name: 'sim-reasoner',
    summary:
      "OpenAI dialect: a reasoning model as OpenAI's o-series and gpt-5: refuses max_tokens with 400 (it takes max_completion_tokens), reasons, then answers.",
    defaults: { ...STEADY, ttft: 100, reasoning: 15 },
    build: (p, context) =>
      context.request.dialect === 'openai-chat' && context.request.token_param === 'max_tokens'
        ? {
            kind: 'invalid_request',
            message:
              "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
          }
        : reasoned(p, context),
  }),
  define({
    name: 'sim-buffered',
    summary:
      'Generates on a steady schedule but writes nothing until the end, then everything at once.',
    defaults: STEADY,
    build: (p, context) => ({ events: steady(p, context), delivery: 'buffered' }),
  }),
  define({
    name: 'sim-rebuffered',
    summary:
      "Generates on a steady schedule; a buffer like a proxy's writes the events whenever buffer bytes have gathered, and at the end.",
    defaults: { ...STEADY, tokens: 120, gap: 8, buffer: 4096 },
    build: (p, context) => ({
      events: steady(p, context),
      delivery: 'rebuffered',
      buffer_bytes: p.buffer,
    }),
  }),
  define({
    name: 'sim-ignore-stream',
    summary: 'Answers a stream request with one plain JSON body after the whole generation.',
    defaults: STEADY,
    build: (p, context) => ({ events: steady(p, context), delivery: 'plain' }),
  }),
  define({
    name: 'sim-no-stream-options',
    summary: 'OpenAI dialect: rejects stream_options with 400; without it, steady.',
    defaults: STEADY,
    build: (p, context) =>
      context.request.dialect === 'openai-chat' && context.request.has_stream_options
        ? {
            kind: 'invalid_request',
            message: 'Unrecognized request argument supplied: stream_options',
          }
        : { events: steady(p, context) },
  }),
  define({
    name: 'sim-malformed',
    summary: 'After `after` good events, one data line with broken JSON, then the stream goes on.',
    defaults: { ...STEADY, after: 5 },
    build: (p, context) => ({
      events: [
        ...steady(p, context),
        { at_ms: Math.max(0, p.ttft + (p.after - 0.5) * p.gap), event: { type: 'malformed' } },
      ],
    }),
  }),
  define({
    name: 'sim-mid-error',
    summary: 'After `after` tokens, an error event inside the stream, which then ends.',
    defaults: { ...STEADY, after: 5 },
    build: (p, { tokens, random }) => {
      const { events, next } = sequence(
        'content',
        contentWords(random, Math.min(p.after, tokens)),
        p.ttft,
        () => p.gap,
      );
      return {
        events: [
          ...events,
          {
            at_ms: next,
            event: { type: 'error', error: { kind: 'overloaded', message: 'overloaded' } },
          },
        ],
      };
    },
  }),
  define({
    name: 'sim-error-401',
    summary: 'Refuses every request with 401 (invalid API key).',
    defaults: {},
    build: () => ({
      kind: 'auth',
      message: 'Incorrect API key provided (simulated by sim-error-401).',
      code: 'invalid_api_key',
    }),
  }),
  define({
    name: 'sim-error-429',
    summary: 'Refuses every request with 429 and Retry-After: retry_after seconds.',
    defaults: { retry_after: 7 },
    build: (p) => ({
      kind: 'rate_limit',
      message: `Rate limit reached (simulated by sim-error-429). Please try again in ${p.retry_after}s.`,
      code: 'rate_limit_exceeded',
      retry_after_s: p.retry_after,
    }),
  }),
  define({
    name: 'sim-error-500',
    summary: 'Refuses every request with 500.',
    defaults: {},
    build: () => ({
      kind: 'server',
      message:
        'The server had an error while processing your request (simulated by sim-error-500).',
      code: 'server_error',
    }),
  }),
];

const BY_NAME = new Map(DEFINITIONS.map((def) => [def.name, def]));

function descriptionOf(def: Scenario): string {
  const defaults = Object.entries(def.defaults).map(([name, value]) => `${name}=${value}`);
  return defaults.length ? `${def.summary} Defaults: ${defaults.join(', ')}.` : def.summary;
}

/** For `lasttoken sim` and GET /v1/models. */
export const SCENARIOS: readonly ScenarioInfo[] = DEFINITIONS.map((def) => ({
  name: def.name,
  description: descriptionOf(def),
}));

function invalid(message: string): Result<never> {
  return { ok: false, error: { kind: 'invalid_request', message } };
}

/** Parses `name` or `name:k=v,k=v`. */
export function resolveScenario(model: string): Result<ResolvedScenario> {
  const colon = model.indexOf(':');
  const name = colon < 0 ? model : model.slice(0, colon);
  const def = BY_NAME.get(name);
  if (!def) {
    return {
      ok: false,
      error: {
        kind: 'not_found',
        code: 'model_not_found',
        message:
          `The model '${name}' does not exist on the LastToken simulator. ` +
          `Models: ${DEFINITIONS.map((d) => d.name).join(', ')}. ` +
          `Parameters may follow the name, e.g. sim-steady:tokens=200,gap=5.`,
      },
    };
  }
  const params: Params = { ...def.defaults };
  const accepted = Object.keys(def.defaults).join(', ') || 'none';
  for (const pair of colon < 0 ? [] : model.slice(colon + 1).split(',')) {
    const [key = '', value = ''] = pair.split('=', 2);
    if (!Object.hasOwn(def.defaults, key)) {
      return invalid(`Unknown parameter '${key}' for ${name}; it accepts: ${accepted}.`);
    }
    const rule = PARAM_RULES[key] ?? {};
    const min = rule.min ?? 0;
    const max = rule.max ?? MAX_PARAM;
    const number = /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
    if (!(number >= min && number <= max) || (rule.integer && !Number.isInteger(number))) {
      const what = rule.integer ? 'an integer' : 'a number';
      return invalid(`Parameter '${key}' of ${name} must be ${what} from ${min} to ${max}.`);
    }
    params[key] = number;
  }
  return { ok: true, value: { name, params, build: def.build } };
}

export function buildPlan(
  scenario: ResolvedScenario,
  request: PlanRequest,
): Result<GenerationPlan> {
  const requested = scenario.params.tokens ?? 0;
  const tokens = Math.min(requested, request.max_tokens ?? requested);
  const random = seededRandom(scenario.params.seed ?? 1);
  const built = scenario.build(scenario.params, { request, tokens, random });
  if ('kind' in built) return { ok: false, error: built };

  const events = built.events
    .map((timed) => ({ ...timed, at_ms: timed.at_ms + request.prefill_ms }))
    .toSorted((a, b) => a.at_ms - b.at_ms);
  const finish: FinishReason = tokens < requested ? 'length' : 'stop';
  const generated = { content_text: '', reasoning_text: '' };
  for (const { event } of events) addGeneratedText(generated, event);
  const output: Output = {
    ...generated,
    completion_tokens: countTokens(generated.reasoning_text + generated.content_text),
    reasoning_tokens: countTokens(generated.reasoning_text),
    finish,
  };
  const delivery: Delivery = request.stream ? (built.delivery ?? 'live') : 'plain';
  return {
    ok: true,
    value: {
      events,
      delivery,
      buffer_bytes: built.buffer_bytes ?? Infinity,
      split_events: built.split_events ?? false,
      output,
    },
  };
}
