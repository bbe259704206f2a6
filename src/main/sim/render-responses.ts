// OpenAI's Responses dialect: typed events (`event: response.output_text.delta`
// with a `type` and a `sequence_number` in each), output items opened and
// closed around their text (a reasoning summary, then the message), and a
// last `response.completed` or `response.incomplete` that carries the usage.
import type { ProviderError } from './events';
import { openaiRenderer } from './render-openai';
import {
  sseEvent,
  type DialectRenderer,
  type ResponseContext,
  type StreamRenderer,
  type WirePiece,
} from './render';

type ItemType = 'reasoning' | 'message';

function usageJson({ prompt_tokens, cached_tokens, output }: ResponseContext) {
  return {
    input_tokens: prompt_tokens,
    input_tokens_details: { cached_tokens },
    output_tokens: output.completion_tokens,
    output_tokens_details: { reasoning_tokens: output.reasoning_tokens },
    total_tokens: prompt_tokens + output.completion_tokens,
  };
}

/** The response object as its ending event and the plain body carry it. */
function responseJson(context: ResponseContext, output: unknown[]) {
  const complete = context.output.finish === 'stop';
  return {
    id: `resp_${context.id}`,
    object: 'response',
    created_at: context.created,
    status: complete ? 'completed' : 'incomplete',
    incomplete_details: complete ? null : { reason: 'max_output_tokens' },
    model: context.model,
    output,
    usage: usageJson(context),
  };
}

function reasoningItem(id: string, text: string) {
  return { type: 'reasoning', id, summary: [{ type: 'summary_text', text }] };
}

function messageItem(id: string, text: string) {
  return {
    type: 'message',
    id,
    status: 'completed',
    role: 'assistant',
    content: [{ type: 'output_text', text, annotations: [] }],
  };
}

function stream(context: ResponseContext): StreamRenderer {
  let sequence = 0;
  let started = false;
  let open: ItemType | null = null;
  const items: unknown[] = [];
  let text = '';

  const event = (type: string, fields: Record<string, unknown>): string =>
    sseEvent(type, { type, sequence_number: sequence++, ...fields });
  const itemId = (): string =>
    `${open === 'reasoning' ? 'rs' : 'msg'}_${context.id}_${items.length}`;

  // Each helper returns the events needed to reach a state ('' if already there),
  // so a delta carries its response and item framing in the same write.
  const start = (): string => {
    if (started) return '';
    started = true;
    const response = { ...responseJson(context, []), status: 'in_progress', usage: null };
    return event('response.created', { response }) + event('response.in_progress', { response });
  };
  const closeItem = (): string => {
    if (open === null) return '';
    const id = itemId();
    const index = items.length;
    const item = open === 'reasoning' ? reasoningItem(id, text) : messageItem(id, text);
    const closing =
      open === 'reasoning'
        ? event('response.reasoning_summary_text.done', {
            item_id: id,
            output_index: index,
            summary_index: 0,
            text,
          }) +
          event('response.reasoning_summary_part.done', {
            item_id: id,
            output_index: index,
            summary_index: 0,
            part: { type: 'summary_text', text },
          })
        : event('response.output_text.done', {
            item_id: id,
            output_index: index,
            content_index: 0,
            text,
          }) +
          event('response.content_part.done', {
            item_id: id,
            output_index: index,
            content_index: 0,
            part: { type: 'output_text', text, annotations: [] },
          });
    items.push(item);
    open = null;
    text = '';
    return closing + event('response.output_item.done', { output_index: index, item });
  };
  const enter = (type: ItemType): string => {
    if (open === type) return '';
    const framing = start() + closeItem();
    open = type;
    const id = itemId();
    const index = items.length;
    return type === 'reasoning'
      ? framing +
          event('response.output_item.added', {
            output_index: index,
            item: reasoningItem(id, ''),
          }) +
          event('response.reasoning_summary_part.added', {
            item_id: id,
            output_index: index,
            summary_index: 0,
            part: { type: 'summary_text', text: '' },
          })
      : framing +
          event('response.output_item.added', {
            output_index: index,
            item: { ...messageItem(id, ''), status: 'in_progress', content: [] },
          }) +
          event('response.content_part.added', {
            item_id: id,
            output_index: index,
            content_index: 0,
            part: { type: 'output_text', text: '', annotations: [] },
          });
  };
  const delta = (type: ItemType, piece: string): string => {
    const framing = enter(type);
    text += piece;
    const at = { item_id: itemId(), output_index: items.length };
    return (
      framing +
      (type === 'reasoning'
        ? event('response.reasoning_summary_text.delta', { ...at, summary_index: 0, delta: piece })
        : event('response.output_text.delta', { ...at, content_index: 0, delta: piece }))
    );
  };

  return {
    render(simEvent): WirePiece[] {
      switch (simEvent.type) {
        case 'ping':
          // The API has no keep-alive event of its own; proxies in front of it send comments.
          return [{ kind: 'comment', data: ': ping\n\n' }];
        case 'role':
          return [{ kind: 'role', data: start() }];
        case 'empty':
          return [
            { kind: 'empty', data: open === 'message' ? delta('message', '') : enter('message') },
          ];
        case 'content':
          return [{ kind: 'content', data: delta('message', simEvent.text), text: simEvent.text }];
        case 'reasoning':
          return [
            { kind: 'reasoning', data: delta('reasoning', simEvent.text), text: simEvent.text },
          ];
        case 'malformed':
          return [
            {
              kind: 'malformed',
              data: 'event: response.output_text.delta\ndata: {"type": "response.output_text.delta", "delta": [\n\n',
            },
          ];
        case 'error':
          return [{ kind: 'error', data: errorEvent(simEvent.error, sequence++) }];
        case 'end': {
          const closing = start() + closeItem();
          const type =
            context.output.finish === 'stop' ? 'response.completed' : 'response.incomplete';
          return [
            ...(closing === '' ? [] : [{ kind: 'empty' as const, data: closing }]),
            { kind: 'done', data: event(type, { response: responseJson(context, items) }) },
          ];
        }
      }
    },
  };
}

function errorEvent(error: ProviderError, sequence_number: number): string {
  return sseEvent('error', {
    type: 'error',
    code: error.code ?? null,
    message: error.message,
    param: null,
    sequence_number,
  });
}

export const responsesRenderer: DialectRenderer = {
  stream,
  plain(context) {
    const { output } = context;
    const items = [
      ...(output.reasoning_text ? [reasoningItem(`rs_${context.id}`, output.reasoning_text)] : []),
      messageItem(`msg_${context.id}`, output.content_text),
    ];
    return JSON.stringify(responseJson(context, items));
  },
  // Its HTTP errors are shaped as chat completions' are.
  error: (error) => openaiRenderer.error(error),
};
