import { DIALECT_KEY_HEADERS } from '../../../shared/presets';
import { TOKEN_PARAMS } from '../../../shared/request-params';
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

interface Text {
  content: string;
  reasoning: string;
}

// Providers disagree on the reasoning field: DeepSeek and vLLM send
// `reasoning_content`, OpenRouter and others `reasoning`.
function reasoningText(holder: unknown, where: string): string {
  return textField(holder, 'reasoning_content', where) || textField(holder, 'reasoning', where);
}

/** A thinking part's text: a string, or (Mistral) a list of text parts. */
function thinkingText(value: unknown, where: string): string {
  if (!Array.isArray(value)) return textField({ thinking: value }, 'thinking', where);
  return value.map((part, i) => textField(part, 'text', `${where}.thinking[${i}]`)).join('');
}

/**
 * `content` as a string, or as a list of typed parts (Mistral's reasoning
 * models send `text` and `thinking` parts); parts of other types carry no text.
 */
function messageText(holder: unknown, where: string): Text {
  const reasoning = reasoningText(holder, where);
  const content = isRecord(holder) ? holder['content'] : undefined;
  if (!Array.isArray(content)) {
    return { content: textField(holder, 'content', where), reasoning };
  }
  const text: Text = { content: '', reasoning };
  content.forEach((part, i) => {
    const at = `${where}.content[${i}]`;
    if (!isRecord(part)) throw new ProtocolError(`${at} is ${describeType(part)}, not a part`);
    if (part['type'] === 'text') text.content += textField(part, 'text', at);
    if (part['type'] === 'thinking') text.reasoning += thinkingText(part['thinking'], at);
  });
  return text;
}

/** The last finish reason the choices give, if any. */
function finishReason(choices: readonly unknown[]): string | null {
  let reason: string | null = null;
  for (const choice of choices) reason = stringField(choice, 'finish_reason') || reason;
  return reason;
}

const USAGE_NAMES: UsageNames = {
  completion_tokens: ['completion_tokens'],
  prompt_tokens: ['prompt_tokens'],
  // OpenAI's, and DeepSeek's (which also counts the misses apart).
  cached_prompt_tokens: ['prompt_tokens_details.cached_tokens', 'prompt_cache_hit_tokens'],
  reasoning_tokens: ['completion_tokens_details.reasoning_tokens'],
};

const usageOf = (body: Record<string, unknown>): UsageReading | null =>
  readUsage(body, 'usage', 'usage', USAGE_NAMES);

function errorMessage(body: Record<string, unknown>): string | null {
  const error = body['error'];
  if (error === undefined || error === null) return null;
  if (typeof error === 'string') return error;
  return stringField(error, 'message') || JSON.stringify(error);
}

export const openaiChat: DialectAdapter = {
  id: 'openai-chat',
  canRequestStreamUsage: true,

  keyHeader: DIALECT_KEY_HEADERS['openai-chat'],

  headers(): Record<string, string> {
    return {};
  },

  tokenParams: TOKEN_PARAMS,

  body(endpoint, request, shape) {
    const stream = request.mode === 'stream';
    const { system, messages } = systemAndMessages(request);
    const p = request.params ?? {};
    return {
      model: endpoint.model,
      messages: system === null ? messages : [{ role: 'system', content: system }, ...messages],
      [shape.tokenParam]: request.max_tokens,
      ...defined({
        temperature: p.temperature,
        top_p: p.top_p,
        seed: p.seed,
        stop: p.stop,
        reasoning_effort: p.reasoning_effort,
      }),
      ...p.extra_body,
      stream,
      ...(stream && shape.streamUsage ? { stream_options: { include_usage: true } } : {}),
    };
  },

  parseStreamEvent({ data }): StreamEventInfo {
    const info = emptyEvent();
    if (data.trim() === '[DONE]') return { ...info, done: true };
    const body = parseJson(data, 'stream event');
    if (!isRecord(body)) throw new ProtocolError('stream event is not a JSON object');
    info.error = errorMessage(body);
    info.usage = usageOf(body);
    const choices = body['choices'];
    if (Array.isArray(choices)) {
      for (const choice of choices) {
        const text = messageText(isRecord(choice) ? choice['delta'] : undefined, 'delta');
        info.content += text.content;
        info.reasoning += text.reasoning;
      }
      info.finish_reason = finishReason(choices);
    } else if (info.error === null && info.usage === null) {
      throw new ProtocolError('stream event has neither choices, usage nor error');
    }
    return info;
  },

  parsePlainBody(text): PlainBodyInfo {
    const body = parseJson(text, 'response body');
    if (!isRecord(body) || !Array.isArray(body['choices'])) {
      throw new ProtocolError('response body has no choices');
    }
    let content = '';
    let reasoning = '';
    for (const choice of body['choices']) {
      const text = messageText(isRecord(choice) ? choice['message'] : undefined, 'message');
      content += text.content;
      reasoning += text.reasoning;
    }
    return {
      content,
      reasoning,
      usage: usageOf(body),
      finish_reason: finishReason(body['choices']),
    };
  },
};
