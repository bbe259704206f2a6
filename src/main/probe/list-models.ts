// A provider's model list (`GET {base}/models`, Anthropic's `/v1/models`),
// for picking a model instead of typing its name. Not a measurement: no phase
// timing, just one bounded request whose failures say what went wrong, and
// whose every word from the provider is redacted of the key.

import http from 'node:http';
import https from 'node:https';
import type { ModelInfo, ModelList } from '../../shared/api';
import { WordedError, type MessageText } from '../../shared/messages';
import type { Dialect } from '../../shared/trial';
import { canDecode, contentEncodingOf, createBodyDecoder } from './body-decoder';
import { dialectAdapter } from './dialects';
import { isRecord } from './dialects/dialect';
import { DIALECT_PATHS, parseBaseUrl } from './endpoint-url';
import { networkErrorText, providerErrorMessage } from './failure-text';
import { monotonicClock } from '../clock';
import { createProxyAgent } from './proxy/proxy-agent';
import { checkedEndpointUrl, proxyRoute, secretsOf } from './probe-session';
import { providerLine, secretRedactor } from './redact';
import { endpointHeaders } from './request-shape';
import type { EndpointSpec } from './types';

const TIMEOUT_MS = 30_000;
/** OpenRouter's list with every model's details is a few MB. */
const MAX_BODY_BYTES = 32 * 1024 * 1024;
const MAX_MESSAGE_CHARS = 300;

const MODELS_PATHS: Record<Dialect, string> = {
  'openai-chat': '/models',
  'anthropic-messages': '/v1/models',
  'openai-responses': '/models',
};

/** The models URL for a base URL by the SDK's convention (a pasted completions URL works too). */
export function modelsUrl(baseUrl: string, dialect: Dialect): URL {
  const url = parseBaseUrl(baseUrl);
  let path = url.pathname.replace(/\/+$/, '');
  if (path.endsWith(DIALECT_PATHS[dialect])) {
    path = path.slice(0, -DIALECT_PATHS[dialect].length);
  }
  url.pathname = path + MODELS_PATHS[dialect];
  url.search = dialect === 'anthropic-messages' ? '?limit=1000' : url.search;
  return url;
}

/** The provider refused or failed; the message is for people and free of the key. */
export class ModelListError extends WordedError {
  override readonly name = 'ModelListError';
}

/** A price as a number (OpenRouter writes them as strings); null when it is none. */
function priceOf(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/**
 * OpenRouter's `pricing` ({prompt, completion} per token) or a `:free` id tell
 * what costs nothing. No pricing, or a price below zero (its router's "-1":
 * the price depends on the route), says nothing: null, not "paid".
 */
function freeOf(entry: Record<string, unknown>, id: string): boolean | null {
  if (id.endsWith(':free')) return true;
  const pricing = entry['pricing'];
  if (!isRecord(pricing)) return null;
  const prices = [priceOf(pricing['prompt']), priceOf(pricing['completion'])];
  if (prices.some((price) => price === null || price < 0)) return null;
  return prices.every((price) => price === 0);
}

function modelOf(entry: unknown): ModelInfo | null {
  if (!isRecord(entry) || typeof entry['id'] !== 'string' || entry['id'] === '') return null;
  const id = entry['id'];
  const name = entry['display_name'] ?? entry['name'];
  const context = entry['context_length'] ?? entry['context_window'];
  const owner = entry['owned_by'];
  return {
    id,
    name: typeof name === 'string' && name !== id ? name : null,
    free: freeOf(entry, id),
    context_length: typeof context === 'number' && Number.isFinite(context) ? context : null,
    owner: typeof owner === 'string' && owner !== '' ? owner : null,
  };
}

/** `{data: [...]}` (OpenAI, Anthropic, OpenRouter...) or a bare array. */
export function parseModelList(body: string): ModelInfo[] {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new ModelListError({ key: 'probe.models_not_json' });
  }
  const entries = Array.isArray(json)
    ? json
    : isRecord(json)
      ? (json['data'] ?? json['models'])
      : null;
  if (!Array.isArray(entries)) throw new ModelListError({ key: 'probe.models_no_list' });
  const models = entries.flatMap((entry) => modelOf(entry) ?? []);
  return models.sort((a, b) => a.id.localeCompare(b.id));
}

function get(
  url: URL,
  headers: Record<string, string>,
  agent: http.Agent | undefined,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = (url.protocol === 'https:' ? https : http).get(url, {
      headers,
      timeout: TIMEOUT_MS,
      agent,
    });
    req.on('timeout', () =>
      req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })),
    );
    req.on('error', reject);
    req.on('response', (res) => {
      const sent = res.headers['content-encoding'];
      const encoding = contentEncodingOf(sent);
      if (encoding !== null && !canDecode(encoding)) {
        res.destroy();
        // As sent, not lower-cased: the caller redacts it, and a key lower-cased is no longer found.
        reject(
          new ModelListError({
            key: 'probe.models_compressed',
            values: { encoding: String(sent) },
          }),
        );
        return;
      }
      const parts: Buffer[] = [];
      let size = 0;
      const decoder = createBodyDecoder(encoding, {
        data: (_at, chunk) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES) {
            decoder.destroy();
            res.destroy();
            reject(
              new ModelListError({
                key: 'probe.models_too_big',
                values: { bytes: MAX_BODY_BYTES },
              }),
            );
            return;
          }
          parts.push(chunk);
        },
        end: () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }),
        error: reject,
      });
      res.on('data', (chunk: Buffer) => decoder.write(0, chunk));
      res.on('end', () => decoder.end(0));
      res.on('error', reject);
    });
  });
}

export async function listModels(endpoint: EndpointSpec): Promise<ModelList> {
  const url = checkedEndpointUrl(endpoint, modelsUrl);
  // Through the same proxy as the trials: a model list must not go around it.
  const route = proxyRoute(endpoint, url);
  const agent = route
    ? createProxyAgent(route, { keepAlive: false, clock: monotonicClock })
    : undefined;
  const secrets = secretsOf(endpoint, route);
  const headers = {
    accept: 'application/json',
    'user-agent': 'LastToken',
    ...endpointHeaders(endpoint, dialectAdapter(endpoint.dialect)),
  };
  let answer;
  try {
    answer = await get(url, headers, agent);
  } catch (error) {
    // Our own words can quote the provider too (its Content-Encoding).
    const said = (text: string): string => providerLine(text, secrets, MAX_MESSAGE_CHARS);
    throw new ModelListError(
      error instanceof ModelListError && error.text
        ? quotingSafely(error.text, said)
        : said(networkErrorText(error as Error, url.host)),
    );
  } finally {
    agent?.destroy();
  }
  if (answer.status < 200 || answer.status >= 300) {
    const message = providerLine(providerErrorMessage(answer.body), secrets, MAX_MESSAGE_CHARS);
    const values = { status: answer.status, host: url.host };
    throw new ModelListError(
      message
        ? { key: 'probe.models_http_said', values: { ...values, message } }
        : { key: 'probe.models_http', values },
    );
  }
  let models;
  try {
    models = parseModelList(answer.body);
  } catch (error) {
    if (!(error instanceof ModelListError)) throw error;
    throw new ModelListError({
      key: 'probe.models_at_host',
      values: { reason: error.text ?? error.message, host: url.host },
    });
  }
  const redact = secretRedactor(secrets);
  return { url: url.href, models: models.map((model) => redactedModel(model, redact)) };
}

/** A message whose words quote the provider: each quoted value as `said` makes it safe to show. */
function quotingSafely(text: MessageText, said: (value: string) => string): MessageText {
  const values = Object.entries(text.values ?? {}).map(([name, value]) => [
    name,
    typeof value === 'string' ? said(value) : value,
  ]);
  return { ...text, values: Object.fromEntries(values) };
}

/** Every text of a model is the provider's (an id can echo the key as well as a name can). */
function redactedModel(model: ModelInfo, redact: (text: string) => string): ModelInfo {
  const texts = Object.entries(model).map(([field, value]) => [
    field,
    typeof value === 'string' ? redact(value) : value,
  ]);
  return Object.fromEntries(texts) as ModelInfo;
}
