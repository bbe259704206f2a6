import {
  emptyEvent,
  isRecord,
  numberField,
  parseJson,
  ProtocolError,
  stringField,
  type DialectAdapter,
  type PlainBodyInfo,
  type StreamEventInfo,
  type Usage,
} from './dialect';

// Providers disagree on the reasoning field: DeepSeek and vLLM send
// `reasoning_content`, OpenRouter and others `reasoning`.
function reasoningText(delta: unknown): string {
  return stringField(delta, 'reasoning_content') || stringField(delta, 'reasoning');
}

function usageOf(body: Record<string, unknown>): Usage | null {
  const usage = body['usage'];
  if (!isRecord(usage)) return null;
  return {
    completion_tokens: numberField(usage, 'completion_tokens'),
    prompt_tokens: numberField(usage, 'prompt_tokens'),
  };
}

function errorMessage(body: Record<string, unknown>): string | null {
  const error = body['error'];
  if (error === undefined || error === null) return null;
  if (typeof error === 'string') return error;
  return stringField(error, 'message') || JSON.stringify(error);
}

export const openaiChat: DialectAdapter = {
  id: 'openai-chat',
  canRequestStreamUsage: true,

  headers(apiKey): Record<string, string> {
    return apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  },

  body(endpoint, request, requestStreamUsage) {
    const stream = request.mode === 'stream';
    return {
      model: endpoint.model,
      messages: request.messages,
      max_tokens: request.max_tokens,
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      stream,
      ...(stream && requestStreamUsage ? { stream_options: { include_usage: true } } : {}),
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
        const delta = isRecord(choice) ? choice['delta'] : undefined;
        info.content += stringField(delta, 'content');
        info.reasoning += reasoningText(delta);
      }
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
      const message = isRecord(choice) ? choice['message'] : undefined;
      content += stringField(message, 'content');
      reasoning += reasoningText(message);
    }
    return {
      content,
      reasoning,
      usage: usageOf(body) ?? { completion_tokens: null, prompt_tokens: null },
    };
  },
};
