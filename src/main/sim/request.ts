// What a client asked for, read from a completion request: the API key check,
// the dialect's required headers, the JSON body and its shape. Refusals are
// phrased as the provider would phrase them. Keys are compared, never kept.
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import type { Dialect } from '../../shared/trial';
import type { Result } from './events';

/** The one key the simulator refuses, to exercise a client's 401 path. */
export const INVALID_KEY = 'sk-sim-invalid';

export interface CompletionRequest {
  model: string;
  stream: boolean;
  max_tokens: number | undefined;
  /** OpenAI: stream_options.include_usage. */
  include_usage: boolean;
  has_stream_options: boolean;
  /** The text of the prompt (system and messages), for prompt_tokens. */
  prompt_texts: string[];
  /** The name the body gave its token limit; null when it gave none. */
  token_param: 'max_tokens' | 'max_completion_tokens' | 'max_output_tokens' | null;
  /** The body's fields but the prompt's (messages, system): what the trace keeps of the request. */
  fields: Record<string, unknown>;
}

/** The fields that carry the prompt: long, and the prompt's own figures are kept apart. */
const PROMPT_FIELDS = new Set(['messages', 'system', 'input', 'instructions']);

function fieldsOf(json: unknown): Record<string, unknown> {
  if (typeof json !== 'object' || json === null) return {};
  return Object.fromEntries(Object.entries(json).filter(([name]) => !PROMPT_FIELDS.has(name)));
}

const textBlock = z.object({ type: z.string(), text: z.string().optional() });
const content = z.union([z.string(), z.array(textBlock)]);
const messages = z.array(z.object({ role: z.string(), content: content.nullish() })).min(1);
const maxTokens = z.number().int().min(1);

const openaiBody = z.object({
  model: z.string().min(1),
  messages,
  max_tokens: maxTokens.nullish(),
  max_completion_tokens: maxTokens.nullish(),
  temperature: z.number().nullish(),
  stream: z.boolean().nullish(),
  stream_options: z.object({ include_usage: z.boolean().nullish() }).nullish(),
});

const anthropicBody = z.object({
  model: z.string().min(1),
  messages,
  max_tokens: maxTokens,
  system: content.optional(),
  temperature: z.number().optional(),
  stream: z.boolean().optional(),
});

const inputPart = z.object({ type: z.string(), text: z.string().optional() });
const responsesBody = z.object({
  model: z.string().min(1),
  input: z.union([
    z.string(),
    z
      .array(z.object({ role: z.string(), content: z.union([z.string(), z.array(inputPart)]) }))
      .min(1),
  ]),
  instructions: z.string().nullish(),
  max_output_tokens: maxTokens.nullish(),
  stream: z.boolean().nullish(),
});

type Content = z.infer<typeof content>;

function texts(value: Content | null | undefined): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'string') return [value];
  return value.flatMap((block) => (block.text === undefined ? [] : [block.text]));
}

function invalid(message: string): Result<never> {
  return { ok: false, error: { kind: 'invalid_request', message } };
}

function presentedKeys(headers: IncomingHttpHeaders): string[] {
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1];
  const apiKey = headers['x-api-key'];
  return [bearer, ...(Array.isArray(apiKey) ? apiKey : [apiKey])].filter(
    (key) => key !== undefined,
  );
}

export function parseCompletionRequest(
  dialect: Dialect,
  headers: IncomingHttpHeaders,
  body: string,
): Result<CompletionRequest> {
  if (presentedKeys(headers).some((key) => key.trim() === INVALID_KEY)) {
    const message =
      dialect === 'anthropic-messages' ? 'invalid x-api-key' : 'Incorrect API key provided.';
    return { ok: false, error: { kind: 'auth', message, code: 'invalid_api_key' } };
  }
  if (dialect === 'anthropic-messages' && headers['anthropic-version'] === undefined) {
    return invalid('anthropic-version: header is required');
  }

  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return invalid('We could not parse the JSON body of your request. It must be valid JSON.');
  }

  const read =
    dialect === 'openai-chat'
      ? validate(openaiBody, json, fromOpenAI)
      : dialect === 'anthropic-messages'
        ? validate(anthropicBody, json, fromAnthropic)
        : validate(responsesBody, json, fromResponses);
  return read.ok ? { ok: true, value: { ...read.value, fields: fieldsOf(json) } } : read;
}

type ReadRequest = Omit<CompletionRequest, 'fields'>;

function validate<S extends z.ZodType>(
  schema: S,
  json: unknown,
  read: (body: z.output<S>) => ReadRequest,
): Result<ReadRequest> {
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, value: read(parsed.data) };
  const issue = parsed.error.issues[0];
  return invalid(
    issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'Invalid request body.',
  );
}

function fromOpenAI(body: z.output<typeof openaiBody>): ReadRequest {
  return {
    token_param:
      body.max_completion_tokens != null
        ? 'max_completion_tokens'
        : body.max_tokens != null
          ? 'max_tokens'
          : null,
    model: body.model,
    stream: body.stream ?? false,
    max_tokens: body.max_completion_tokens ?? body.max_tokens ?? undefined,
    include_usage: body.stream_options?.include_usage ?? false,
    has_stream_options: body.stream_options !== undefined && body.stream_options !== null,
    prompt_texts: body.messages.flatMap((message) => texts(message.content)),
  };
}

function fromAnthropic(body: z.output<typeof anthropicBody>): ReadRequest {
  return {
    token_param: 'max_tokens',
    model: body.model,
    stream: body.stream ?? false,
    max_tokens: body.max_tokens,
    // message_delta always reports usage in this dialect.
    include_usage: true,
    has_stream_options: false,
    prompt_texts: [
      ...texts(body.system),
      ...body.messages.flatMap((message) => texts(message.content)),
    ],
  };
}

function fromResponses(body: z.output<typeof responsesBody>): ReadRequest {
  const input =
    typeof body.input === 'string'
      ? [body.input]
      : body.input.flatMap((message) =>
          typeof message.content === 'string' ? [message.content] : texts(message.content),
        );
  return {
    token_param: body.max_output_tokens == null ? null : 'max_output_tokens',
    model: body.model,
    stream: body.stream ?? false,
    max_tokens: body.max_output_tokens ?? undefined,
    // The ending event always carries the usage in this dialect.
    include_usage: true,
    has_stream_options: false,
    prompt_texts: [...(body.instructions ? [body.instructions] : []), ...input],
  };
}
