// The Anthropic messages dialect: named events (message_start, content blocks,
// message_delta, message_stop), `ping` events as keep-alives, thinking in its
// own block before the text block, `{type: "error", error: {...}}` bodies.
import type { ErrorKind, FinishReason, ProviderError } from './events';
import {
  sseEvent,
  type DialectRenderer,
  type ResponseContext,
  type StreamRenderer,
  type WirePiece,
} from './render';

/**
 * Anthropic's prompt counts: input_tokens leaves out what the cache served.
 * The simulator's cache is read, never written as Anthropic's explicit one is.
 */
function promptUsage({ prompt_tokens, cached_tokens }: ResponseContext) {
  return {
    input_tokens: prompt_tokens - cached_tokens,
    cache_read_input_tokens: cached_tokens,
    cache_creation_input_tokens: 0,
  };
}

const ERROR_TYPES: Record<ErrorKind, string> = {
  invalid_request: 'invalid_request_error',
  auth: 'authentication_error',
  not_found: 'not_found_error',
  too_large: 'request_too_large',
  rate_limit: 'rate_limit_error',
  server: 'api_error',
  overloaded: 'overloaded_error',
};

const STOP_REASONS: Record<FinishReason, string> = { stop: 'end_turn', length: 'max_tokens' };

function errorJson(error: ProviderError) {
  return { type: 'error', error: { type: ERROR_TYPES[error.kind], message: error.message } };
}

type BlockType = 'thinking' | 'text';

function stream(context: ResponseContext): StreamRenderer {
  let started = false;
  let open: BlockType | null = null;
  let blocks = 0;

  // Each helper returns the events needed to reach a state ('' if already there),
  // so a text delta carries its message and block framing in the same write.
  const start = (): string => {
    if (started) return '';
    started = true;
    return sseEvent('message_start', {
      type: 'message_start',
      message: {
        id: `msg_${context.id}`,
        type: 'message',
        role: 'assistant',
        model: context.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...promptUsage(context), output_tokens: 1 },
      },
    });
  };
  const closeBlock = (): string => {
    if (open === null) return '';
    open = null;
    return sseEvent('content_block_stop', { type: 'content_block_stop', index: blocks - 1 });
  };
  const enter = (type: BlockType): string => {
    if (open === type) return '';
    const framing = start() + closeBlock();
    open = type;
    blocks += 1;
    const content_block = type === 'text' ? { type, text: '' } : { type, thinking: '' };
    return (
      framing +
      sseEvent('content_block_start', {
        type: 'content_block_start',
        index: blocks - 1,
        content_block,
      })
    );
  };
  const delta = (type: BlockType, text: string): string =>
    enter(type) +
    sseEvent('content_block_delta', {
      type: 'content_block_delta',
      index: blocks - 1,
      delta:
        type === 'text' ? { type: 'text_delta', text } : { type: 'thinking_delta', thinking: text },
    });

  return {
    render(event): WirePiece[] {
      switch (event.type) {
        case 'ping':
          return [{ kind: 'ping', data: sseEvent('ping', { type: 'ping' }) }];
        case 'role':
          return [{ kind: 'role', data: start() }];
        case 'empty':
          // Opening the text block is itself an event without text; inside it, an empty delta.
          return [{ kind: 'empty', data: open === 'text' ? delta('text', '') : enter('text') }];
        case 'content':
          return [{ kind: 'content', data: delta('text', event.text), text: event.text }];
        case 'reasoning':
          return [{ kind: 'reasoning', data: delta('thinking', event.text), text: event.text }];
        case 'malformed':
          return [
            {
              kind: 'malformed',
              data: `event: content_block_delta\ndata: {"type": "content_block_delta", "index": ${blocks - 1}, "delta": [\n\n`,
            },
          ];
        case 'error':
          return [{ kind: 'error', data: sseEvent('error', errorJson(event.error)) }];
        case 'end':
          return [
            {
              kind: 'usage',
              data:
                start() +
                closeBlock() +
                sseEvent('message_delta', {
                  type: 'message_delta',
                  delta: { stop_reason: STOP_REASONS[context.output.finish], stop_sequence: null },
                  usage: { output_tokens: context.output.completion_tokens },
                }),
            },
            { kind: 'done', data: sseEvent('message_stop', { type: 'message_stop' }) },
          ];
      }
    },
  };
}

export const anthropicRenderer: DialectRenderer = {
  stream,
  plain: (context) => {
    const { output } = context;
    return JSON.stringify({
      id: `msg_${context.id}`,
      type: 'message',
      role: 'assistant',
      model: context.model,
      content: [
        ...(output.reasoning_text ? [{ type: 'thinking', thinking: output.reasoning_text }] : []),
        { type: 'text', text: output.content_text },
      ],
      stop_reason: STOP_REASONS[output.finish],
      stop_sequence: null,
      usage: { ...promptUsage(context), output_tokens: output.completion_tokens },
    });
  },
  error: (error) => JSON.stringify(errorJson(error)),
};
