// OpenAI's Responses API (POST /v1/responses): the one its newer models are
// documented for, and the only one that streams a reasoning summary. Its
// stream is typed events (`response.output_text.delta`, ...) that end with
// `response.completed`, `response.incomplete` or `response.failed`, which
// carry the usage; there is no `[DONE]`.

import { DIALECT_KEY_HEADERS } from '../../../shared/presets';
import {
  defined,
  describeType,
  emptyEvent,
  isRecord,
  parseJson,
  ProtocolError,
  readUsage,
  stringField,
  systemAndMessages,
  textField,
  type DialectAdapter,
  type PlainBodyInfo,
  type StreamEventInfo,
  type UsageNames,
  type UsageReading,
} from './dialect';

const USAGE_NAMES: UsageNames = {
  completion_tokens: ['output_tokens'],
  prompt_tokens: ['input_tokens'],
  cached_prompt_tokens: ['input_tokens_details.cached_tokens'],
  reasoning_tokens: ['output_tokens_details.reasoning_tokens'],
};

/** The usage of the response object an ending event carries. */
function responseUsage(body: Record<string, unknown>): UsageReading | null {
  return readUsage(body['response'], 'usage', 'response.usage', USAGE_NAMES);
}

/**
 * Why the answer ended, in the words the other dialects use: `stop` for a
 * completed response, the incomplete reason (`max_output_tokens` as
 * `length`, `content_filter`) otherwise.
 */
function finishOf(response: unknown): string | null {
  const status = stringField(response, 'status');
  if (status === 'completed') return 'stop';
  if (status !== 'incomplete') return null;
  const reason = stringField(isRecord(response) ? response['incomplete_details'] : null, 'reason');
  return reason === 'max_output_tokens' ? 'length' : reason || 'incomplete';
}

function failureOf(body: Record<string, unknown>): string {
  const error = isRecord(body['response']) ? body['response']['error'] : body['error'];
  return (
    stringField(error, 'message') || stringField(body, 'message') || JSON.stringify(error ?? body)
  );
}

/** A reasoning item's text: its summary parts (OpenAI's models) or its content (open models' raw reasoning). */
function reasoningItemText(item: Record<string, unknown>, where: string): string {
  const parts = [
    ...(Array.isArray(item['summary']) ? item['summary'] : []),
    ...(Array.isArray(item['content']) ? item['content'] : []),
  ];
  return parts.map((part, i) => textField(part, 'text', `${where}[${i}]`)).join('');
}

/** A message item's output text parts; refusals and other parts carry no answer text. */
function messageItemText(item: Record<string, unknown>, where: string): string {
  const content = item['content'];
  if (!Array.isArray(content)) return '';
  return content
    .map((part, i) => {
      if (!isRecord(part))
        throw new ProtocolError(`${where}.content[${i}] is ${describeType(part)}, not a part`);
      return part['type'] === 'output_text'
        ? textField(part, 'text', `${where}.content[${i}]`)
        : '';
    })
    .join('');
}

export const openaiResponses: DialectAdapter = {
  id: 'openai-responses',
  // The ending event carries the usage without being asked.
  canRequestStreamUsage: false,

  keyHeader: DIALECT_KEY_HEADERS['openai-responses'],

  headers(): Record<string, string> {
    return {};
  },

  tokenParams: ['max_output_tokens'],

  body(endpoint, request, shape) {
    const { system, messages } = systemAndMessages(request);
    const p = request.params ?? {};
    return {
      model: endpoint.model,
      input: messages,
      ...(system === null ? {} : { instructions: system }),
      [shape.tokenParam]: request.max_tokens,
      ...defined({
        temperature: p.temperature,
        top_p: p.top_p,
        // A summary is the only reasoning text the API streams; without asking, none comes.
        reasoning:
          p.reasoning_effort === undefined
            ? undefined
            : { effort: p.reasoning_effort, summary: 'auto' },
      }),
      // A measurement is not a conversation to keep on the provider's side (the extra body may say otherwise).
      store: false,
      ...p.extra_body,
      stream: request.mode === 'stream',
    };
  },

  parseStreamEvent({ event, data }): StreamEventInfo {
    const info = emptyEvent();
    const body = parseJson(data, 'stream event');
    if (!isRecord(body)) throw new ProtocolError('stream event is not a JSON object');
    const type = stringField(body, 'type') || event || '';
    switch (type) {
      case 'response.output_text.delta':
        info.content = textField(body, 'delta', type);
        break;
      case 'response.reasoning_summary_text.delta':
      case 'response.reasoning_text.delta':
        info.reasoning = textField(body, 'delta', type);
        break;
      case 'response.completed':
      case 'response.incomplete':
        info.usage = responseUsage(body);
        info.finish_reason = finishOf(body['response']);
        info.done = true;
        break;
      case 'response.failed':
        info.usage = responseUsage(body);
        info.error = failureOf(body);
        info.done = true;
        break;
      case 'error':
        info.error = failureOf(body);
        break;
      default:
        // created, in_progress, the output items' and parts' added and done, and
        // whatever the API adds: they carry no text a delta did not.
        break;
    }
    return info;
  },

  parsePlainBody(text): PlainBodyInfo {
    const body = parseJson(text, 'response body');
    if (!isRecord(body) || !Array.isArray(body['output'])) {
      throw new ProtocolError('response body has no output array');
    }
    let content = '';
    let reasoning = '';
    body['output'].forEach((item, i) => {
      if (!isRecord(item)) return;
      const where = `output[${i}]`;
      if (item['type'] === 'message') content += messageItemText(item, where);
      if (item['type'] === 'reasoning') reasoning += reasoningItemText(item, where);
    });
    return {
      content,
      reasoning,
      usage: readUsage(body, 'usage', 'usage', USAGE_NAMES),
      finish_reason: finishOf(body),
    };
  },
};
