import type { RequestParams } from '../../shared/request-params';
import { DEFAULT_RUN_LIMITS, type RunLimits } from '../../shared/run';
import type { Dialect, Mode, Trial } from '../../shared/trial';

export interface EndpointSpec {
  /** Base URL by the SDK's convention, or the full endpoint URL. */
  base_url: string;
  model: string;
  dialect: Dialect;
  /** Goes only into the request's auth header; never into results or errors. */
  api_key?: string;
  headers?: Record<string, string>;
  /** Allow sending the key over plain http to a host that is not loopback. */
  allow_insecure_key?: boolean;
  /** The header that carries the key, and what precedes the key in its value; default the dialect's. */
  key_header?: { name: string; prefix: string };
  /** Extra query parameters added to the endpoint URL (an api-version, say); never keys. */
  query?: Record<string, string>;
  /** How to reach the endpoint; default: the environment's proxy, as curl reads it. */
  proxy?: ProxyChoice;
}

/**
 * `env`: HTTPS_PROXY, HTTP_PROXY, ALL_PROXY and NO_PROXY (either case), never
 * for loopback hosts. `direct`: no proxy whatever the environment says.
 * `url`: this proxy (http, https, socks5, socks5h); its credentials travel
 * apart from the URL, like a key, and never reach results or errors.
 */
export type ProxyChoice =
  | { kind: 'env' }
  | { kind: 'direct' }
  | { kind: 'url'; url: string; username?: string; password?: string };

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface RequestSpec {
  messages: ChatMessage[];
  max_tokens: number;
  /**
   * What the body carries besides (request-params.ts), checked for the
   * endpoint's dialect. Its system prompt is sent before `messages`.
   */
  params?: RequestParams;
  mode: Mode;
  /** The synthetic prompt's length the messages were made at (RunConfig.input_tokens); absent or null: none. */
  input_tokens?: number | null;
}

export type Limits = RunLimits;

export const DEFAULT_LIMITS: Limits = DEFAULT_RUN_LIMITS;

/** [ms since t0, tokens received by then]. */
export type ArrivalPoint = [at_ms: number, tokens: number];

export interface TrialProgress {
  chunks: number;
  chars: number;
  /** With TrialOptions.liveTokens: tokens counted so far (counting runs a little behind); else null. */
  tokens: number | null;
  /** With liveTokens: cumulative tokens at each chunk counted since the previous report. */
  points: ArrivalPoint[];
}

export interface TrialOptions {
  /** Hang up after this many content tokens (the abort experiment). */
  abort_after_tokens?: number;
  /** Cancels the trial; it ends with status `aborted` and keeps what it measured. */
  signal?: AbortSignal;
  /** Called off the socket path (coalesced, after pending I/O), never between a read and its timestamp. */
  onProgress?: (progress: TrialProgress) => void;
  /**
   * Count tokens while the answer streams (on the token worker, at most every
   * LIVE_COUNT_INTERVAL_MS), for a live view: progress then carries tokens and
   * arrival points. The trial's own figures are counted once at its end either way.
   */
  liveTokens?: boolean;
}

export interface TrialRunner {
  runTrial(request: RequestSpec, limits: Limits, options?: TrialOptions): Promise<Trial>;
  close(): void;
}
