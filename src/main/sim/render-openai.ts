// The OpenAI chat-completions dialect: `data: {chunk}` events ending with
// `data: [DONE]`, comment lines as keep-alives, `{error: {...}}` bodies.
import type { ErrorKind, ProviderError } from './events';
import {
  sseData,
  type DialectRenderer,
  type ResponseContext,
  type StreamRenderer,
  type WirePiece,
} from './render';

const ERROR_TYPES: Record<ErrorKind, string> = {
  invalid_request: 'invalid_request_error',
  auth: 'invalid_request_error',
  not_found: 'invalid_request_error',
  too_large: 'invalid_request_error',
  rate_limit: 'requests',
  server: 'server_error',
  overloaded: 'server_error',
};

function errorJson(error: ProviderError) {
  return {
    error: {
      message: error.message,
      type: ERROR_TYPES[error.kind],
      param: null,
      code: error.code ?? null,
    },
  };
}

interface Delta {
  role?: 'assistant';
  content?: string;
  reasoning_content?: string;
}

function stream(context: ResponseContext): StreamRenderer {
  let opened = false;
  // Like OpenAI, the first delta of the completion names the role.
  const delta = (fields: Delta): Delta => {
    if (opened) return fields;
    opened = true;
    return { role: 'assistant', ...fields };
  };
  const chunk = (choices: unknown[], usage?: unknown) =>
    sseData({
      id: `chatcmpl-${context.id}`,
      object: 'chat.completion.chunk',
      created: context.created,
      model: context.model,
      choices,
      ...(usage === undefined ? {} : { usage }),
    });
  const deltaChunk = (fields: Delta, finish_reason: string | null = null) =>
    chunk([{ index: 0, delta: delta(fields), finish_reason }]);
  const { output } = context;

  return {
    render(event): WirePiece[] {
      switch (event.type) {
        case 'ping':
          return [{ kind: 'comment', data: ': ping\n\n' }];
        case 'role':
          return [{ kind: 'role', data: deltaChunk({ content: '' }) }];
        case 'empty':
          return [{ kind: 'empty', data: deltaChunk({ content: '' }) }];
        case 'content':
          return [{ kind: 'content', data: deltaChunk({ content: event.text }), text: event.text }];
        case 'reasoning':
          return [
            {
              kind: 'reasoning',
              data: deltaChunk({ reasoning_content: event.text }),
              text: event.text,
            },
          ];
        case 'malformed':
          return [{ kind: 'malformed', data: 'data: {"choices": [\n\n' }];
        case 'error':
          return [{ kind: 'error', data: sseData(errorJson(event.error)) }];
        case 'end': {
          const pieces: WirePiece[] = [{ kind: 'empty', data: deltaChunk({}, output.finish) }];
          if (context.include_usage) {
            pieces.push({ kind: 'usage', data: chunk([], usageJson(context)) });
          }
          pieces.push({ kind: 'done', data: 'data: [DONE]\n\n' });
          return pieces;
        }
      }
    },
  };
}

/** OpenAI's usage, its details too: prompt_tokens counts the cached ones among them. */
function usageJson({ prompt_tokens, cached_tokens, output }: ResponseContext) {
  const completion_tokens = output.completion_tokens;
  return {
    prompt_tokens,
    completion_tokens,
    total_tokens: prompt_tokens + completion_tokens,
    prompt_tokens_details: { cached_tokens },
    completion_tokens_details: { reasoning_tokens: output.reasoning_tokens },
  };
}

export const openaiRenderer: DialectRenderer = {
  stream,
  plain: (context) => {
    const { output } = context;
    return JSON.stringify({
      id: `chatcmpl-${context.id}`,
      object: 'chat.completion',
      created: context.created,
      model: context.model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: output.content_text,
            ...(output.reasoning_text ? { reasoning_content: output.reasoning_text } : {}),
          },
          finish_reason: output.finish,
        },
      ],
      usage: usageJson(context),
    });
  },
  error: (error) => JSON.stringify(errorJson(error)),
};
