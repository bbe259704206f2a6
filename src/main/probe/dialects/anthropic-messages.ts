import { DIALECT_KEY_HEADERS } from '../../../shared/presets';
import {
  defined,
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

const ANTHROPIC_VERSION = '2023-06-01';

// input_tokens leaves out what the cache served (cache_read_input_tokens) and
// what it wrote (cache_creation_input_tokens); thinking tokens are not
// counted apart from the output.
const USAGE_NAMES: UsageNames = {
  completion_tokens: ['output_tokens'],
  prompt_tokens: ['input_tokens'],
  cached_prompt_tokens: ['cache_read_input_tokens'],
  reasoning_tokens: [],
};

function usageOf(holder: unknown, where: string): UsageReading | null {
  return readUsage(holder, 'usage', where, USAGE_NAMES);
}

/** Text and thinking carried by a content block or a block delta. */
function blockText(block: unknown, where: string): { content: string; reasoning: string } {
  const type = stringField(block, 'type');
  if (type === 'text' || type === 'text_delta')
    return { content: textField(block, 'text', where), reasoning: '' };
  if (type === 'thinking' || type === 'thinking_delta') {
    return { content: '', reasoning: textField(block, 'thinking', where) };
  }
  return { content: '', reasoning: '' };
}

export const anthropicMessages: DialectAdapter = {
  id: 'anthropic-messages',
  // Anthropic reports usage in message_start and message_delta without being asked.
  canRequestStreamUsage: false,

  keyHeader: DIALECT_KEY_HEADERS['anthropic-messages'],

  headers() {
    return { 'anthropic-version': ANTHROPIC_VERSION };
  },

  tokenParams: ['max_tokens'],

  body(endpoint, request) {
    const { system, messages } = systemAndMessages(request);
    const p = request.params ?? {};
    return {
      model: endpoint.model,
      max_tokens: request.max_tokens,
      messages,
      ...(system === null ? {} : { system }),
      ...defined({
        temperature: p.temperature,
        top_p: p.top_p,
        stop_sequences: p.stop,
        thinking:
          p.thinking_budget === undefined
            ? undefined
            : { type: 'enabled', budget_tokens: p.thinking_budget },
      }),
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
      case 'message_start':
        info.usage = usageOf(body['message'], 'message.usage');
        break;
      case 'content_block_start':
        Object.assign(info, blockText(body['content_block'], 'content_block'));
        break;
      case 'content_block_delta':
        Object.assign(info, blockText(body['delta'], 'delta'));
        break;
      case 'message_delta':
        info.usage = usageOf(body, 'usage');
        info.finish_reason = stringField(body['delta'], 'stop_reason') || null;
        break;
      case 'message_stop':
        info.done = true;
        break;
      case 'ping':
        info.ping = true;
        break;
      case 'error':
        info.error = stringField(body['error'], 'message') || JSON.stringify(body['error'] ?? body);
        break;
      case 'content_block_stop':
        break;
      default:
        // The API may add event types; the spec says to ignore unknown ones.
        break;
    }
    return info;
  },

  parsePlainBody(text): PlainBodyInfo {
    const body = parseJson(text, 'response body');
    if (!isRecord(body) || !Array.isArray(body['content'])) {
      throw new ProtocolError('response body has no content array');
    }
    let content = '';
    let reasoning = '';
    body['content'].forEach((block, i) => {
      const part = blockText(block, `content[${i}]`);
      content += part.content;
      reasoning += part.reasoning;
    });
    return {
      content,
      reasoning,
      usage: usageOf(body, 'usage'),
      finish_reason: stringField(body, 'stop_reason') || null,
    };
  },
};
