import { describe, expect, it } from 'vitest';
import { anthropicMessages } from '../../src/main/probe/dialects/anthropic-messages';
import { ProtocolError } from '../../src/main/probe/dialects/dialect';
import { openaiChat } from '../../src/main/probe/dialects/openai-chat';
import { endpointHeaders } from '../../src/main/probe/request-shape';
import type { RequestSpec } from '../../src/main/probe/types';

const endpoint = { base_url: 'http://127.0.0.1', model: 'm', dialect: 'openai-chat' as const };
const request: RequestSpec = {
  messages: [
    { role: 'system', content: 'be brief' },
    { role: 'user', content: 'hi' },
  ],
  max_tokens: 50,
  mode: 'stream',
};
const data = (value: unknown) => ({ data: JSON.stringify(value) });
const shape = (streamUsage: boolean, tokenParam = 'max_tokens') => ({ streamUsage, tokenParam });

describe('openai-chat', () => {
  it('asks for usage in stream mode only when told to', () => {
    expect(openaiChat.body(endpoint, request, shape(true))).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 50,
    });
    expect(openaiChat.body(endpoint, request, shape(false))).not.toHaveProperty('stream_options');
    expect(openaiChat.body(endpoint, { ...request, mode: 'plain' }, shape(true))).toMatchObject({
      stream: false,
    });
    expect(
      openaiChat.body(endpoint, { ...request, mode: 'plain' }, shape(true)),
    ).not.toHaveProperty('stream_options');
  });

  it('sends the key as a bearer token, in the header an endpoint names, and nothing without one', () => {
    const at = { base_url: 'https://x/v1', model: 'm', dialect: 'openai-chat' } as const;
    expect(endpointHeaders({ ...at, api_key: 'sk-1' }, openaiChat)).toEqual({
      Authorization: 'Bearer sk-1',
    });
    expect(endpointHeaders(at, openaiChat)).toEqual({});
    expect(
      endpointHeaders(
        {
          ...at,
          api_key: 'sk-1',
          key_header: { name: 'api-key', prefix: '' },
          headers: { 'X-A': 'b' },
        },
        openaiChat,
      ),
    ).toEqual({ 'api-key': 'sk-1', 'X-A': 'b' });
  });

  it('reads content, both reasoning fields, usage, errors and [DONE]', () => {
    expect(
      openaiChat.parseStreamEvent(data({ choices: [{ delta: { content: 'Hi' } }] })),
    ).toMatchObject({
      content: 'Hi',
      reasoning: '',
    });
    expect(
      openaiChat.parseStreamEvent(data({ choices: [{ delta: { reasoning_content: 'think' } }] }))
        .reasoning,
    ).toBe('think');
    expect(
      openaiChat.parseStreamEvent(data({ choices: [{ delta: { reasoning: 'hmm' } }] })).reasoning,
    ).toBe('hmm');
    expect(
      openaiChat.parseStreamEvent(
        data({ choices: [{ delta: { role: 'assistant', content: '' } }] }),
      ),
    ).toMatchObject({ content: '', reasoning: '' });
    expect(
      openaiChat.parseStreamEvent(
        data({ choices: [], usage: { completion_tokens: 7, prompt_tokens: 3 } }),
      ).usage,
    ).toEqual({ counts: { completion_tokens: 7, prompt_tokens: 3 }, not_counts: [] });
    expect(openaiChat.parseStreamEvent(data({ error: { message: 'overloaded' } })).error).toBe(
      'overloaded',
    );
    expect(openaiChat.parseStreamEvent({ data: '[DONE]' }).done).toBe(true);
  });

  it('rejects malformed events', () => {
    expect(() => openaiChat.parseStreamEvent({ data: '{"choices": [' })).toThrow(ProtocolError);
    expect(() => openaiChat.parseStreamEvent({ data: '[1,2]' })).toThrow(ProtocolError);
    expect(() => openaiChat.parseStreamEvent(data({ id: 'x' }))).toThrow(ProtocolError);
  });

  it('reads a plain body', () => {
    const body = JSON.stringify({
      choices: [{ message: { content: 'Hello', reasoning_content: 'plan' } }],
      usage: { completion_tokens: 4, prompt_tokens: 9 },
    });
    expect(openaiChat.parsePlainBody(body)).toEqual({
      content: 'Hello',
      reasoning: 'plan',
      usage: { counts: { completion_tokens: 4, prompt_tokens: 9 }, not_counts: [] },
      finish_reason: null,
    });
    expect(() => openaiChat.parsePlainBody('<html>')).toThrow(ProtocolError);
  });

  it('takes only whole numbers from 0 as usage counts and keeps the rest apart, as sent', () => {
    const usage = (value: unknown) =>
      openaiChat.parseStreamEvent(data({ choices: [], usage: { completion_tokens: value } })).usage;
    for (const value of [2.5, -1, '12', 1e300, 2 ** 53, { n: 1 }, true]) {
      expect(usage(value)).toEqual({
        counts: {},
        not_counts: [{ field: 'usage.completion_tokens', usage: 'completion_tokens', value }],
      });
    }
    expect(usage(0)).toEqual({ counts: { completion_tokens: 0 }, not_counts: [] });
    expect(usage(2 ** 53 - 1)).toEqual({
      counts: { completion_tokens: 2 ** 53 - 1 },
      not_counts: [],
    });
    expect(usage(null)).toEqual({ counts: {}, not_counts: [] });
    const plain = anthropicMessages.parsePlainBody(
      JSON.stringify({ content: [], usage: { input_tokens: 4, output_tokens: 0.5 } }),
    );
    expect(plain.usage).toEqual({
      counts: { prompt_tokens: 4 },
      not_counts: [{ field: 'usage.output_tokens', usage: 'completion_tokens', value: 0.5 }],
    });
    const start = anthropicMessages.parseStreamEvent(
      data({ type: 'message_start', message: { usage: { input_tokens: -3 } } }),
    );
    expect(start.usage?.not_counts).toEqual([
      { field: 'message.usage.input_tokens', usage: 'prompt_tokens', value: -3 },
    ]);
  });

  it('reads cached prompt and reasoning counts where each provider puts them', () => {
    const openai = (usage: unknown) =>
      openaiChat.parseStreamEvent(data({ choices: [], usage })).usage;
    expect(
      openai({
        prompt_tokens: 2006,
        completion_tokens: 300,
        prompt_tokens_details: { cached_tokens: 1920 },
        completion_tokens_details: { reasoning_tokens: 256 },
      }),
    ).toEqual({
      counts: {
        prompt_tokens: 2006,
        completion_tokens: 300,
        cached_prompt_tokens: 1920,
        reasoning_tokens: 256,
      },
      not_counts: [],
    });
    // DeepSeek counts cache hits at the top of its usage.
    expect(openai({ prompt_tokens: 50, prompt_cache_hit_tokens: 32 })?.counts).toEqual({
      prompt_tokens: 50,
      cached_prompt_tokens: 32,
    });
    // No details: nothing said about the cache, which is not a 0.
    expect(openai({ prompt_tokens: 50 })?.counts).toEqual({ prompt_tokens: 50 });
    expect(openai({ prompt_tokens_details: { cached_tokens: 'many' } })?.not_counts).toEqual([
      {
        field: 'usage.prompt_tokens_details.cached_tokens',
        usage: 'cached_prompt_tokens',
        value: 'many',
      },
    ]);
    const start = anthropicMessages.parseStreamEvent(
      data({
        type: 'message_start',
        message: { usage: { input_tokens: 3, cache_read_input_tokens: 2048, output_tokens: 1 } },
      }),
    );
    expect(start.usage?.counts).toEqual({
      prompt_tokens: 3,
      cached_prompt_tokens: 2048,
      completion_tokens: 1,
    });
  });

  it('refuses content that is not text instead of reading it as none', () => {
    const stream = (delta: unknown) => () =>
      openaiChat.parseStreamEvent(data({ choices: [{ delta }] }));
    expect(stream({ content: 42 })).toThrow(
      new ProtocolError('delta.content is a number, not text'),
    );
    expect(stream({ content: { text: 'hi' } })).toThrow(/delta.content is an object, not text/);
    expect(stream({ reasoning_content: true })).toThrow(/reasoning_content is a boolean/);
    expect(stream({ content: null })().content).toBe('');
    const plain = (content: unknown) => () =>
      openaiChat.parsePlainBody(JSON.stringify({ choices: [{ message: { content } }] }));
    expect(plain(42)).toThrow(/message.content is a number, not text/);
    expect(plain([1])).toThrow(/message.content\[0\] is a number, not a part/);
  });

  it('reads content sent as typed parts (text and thinking, as Mistral sends them)', () => {
    const info = openaiChat.parseStreamEvent(
      data({
        choices: [
          {
            delta: {
              content: [
                { type: 'thinking', thinking: [{ type: 'text', text: 'weigh it' }] },
                { type: 'text', text: 'Answer' },
                { type: 'reference', reference_ids: [1] },
              ],
            },
          },
        ],
      }),
    );
    expect(info).toMatchObject({ content: 'Answer', reasoning: 'weigh it' });
  });

  it('keeps the finish reason', () => {
    expect(
      openaiChat.parseStreamEvent(data({ choices: [{ delta: {}, finish_reason: 'length' }] }))
        .finish_reason,
    ).toBe('length');
    expect(
      openaiChat.parsePlainBody(
        JSON.stringify({
          choices: [{ message: { content: '' }, finish_reason: 'content_filter' }],
        }),
      ).finish_reason,
    ).toBe('content_filter');
  });
});

describe('anthropic-messages', () => {
  it('moves system messages to the top-level system field and sends its headers', () => {
    const body = anthropicMessages.body(
      { ...endpoint, dialect: 'anthropic-messages' },
      request,
      shape(true),
    );
    expect(body).toMatchObject({
      system: 'be brief',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    expect(body).not.toHaveProperty('stream_options');
    const at = { base_url: 'https://x', model: 'm', dialect: 'anthropic-messages' } as const;
    expect(endpointHeaders({ ...at, api_key: 'k-1' }, anthropicMessages)).toEqual({
      'anthropic-version': '2023-06-01',
      'x-api-key': 'k-1',
    });
    expect(
      endpointHeaders(
        { ...at, api_key: 'k-1', key_header: { name: 'Authorization', prefix: 'Bearer ' } },
        anthropicMessages,
      ),
    ).toEqual({ 'anthropic-version': '2023-06-01', Authorization: 'Bearer k-1' });
  });

  it('reads text and thinking deltas, pings, usage and the end', () => {
    const parse = (value: unknown) => anthropicMessages.parseStreamEvent(data(value));
    expect(
      parse({ type: 'message_start', message: { usage: { input_tokens: 12, output_tokens: 1 } } })
        .usage,
    ).toEqual({ counts: { prompt_tokens: 12, completion_tokens: 1 }, not_counts: [] });
    expect(
      parse({ type: 'content_block_delta', delta: { type: 'text_delta', text: 'Hi' } }).content,
    ).toBe('Hi');
    expect(
      parse({ type: 'content_block_delta', delta: { type: 'thinking_delta', thinking: 'hm' } })
        .reasoning,
    ).toBe('hm');
    expect(
      parse({ type: 'content_block_delta', delta: { type: 'signature_delta', signature: 'x' } }),
    ).toMatchObject({
      content: '',
      reasoning: '',
    });
    expect(parse({ type: 'ping' }).ping).toBe(true);
    expect(parse({ type: 'message_delta', usage: { output_tokens: 42 } }).usage).toEqual({
      counts: { completion_tokens: 42 },
      not_counts: [],
    });
    expect(parse({ type: 'message_stop' }).done).toBe(true);
    expect(
      parse({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }).error,
    ).toBe('Overloaded');
    expect(parse({ type: 'some_future_event' })).toMatchObject({
      content: '',
      done: false,
      error: null,
    });
  });

  it('reads a plain body with thinking and text blocks', () => {
    const body = JSON.stringify({
      content: [
        { type: 'thinking', thinking: 'plan' },
        { type: 'text', text: 'Hello' },
      ],
      usage: { input_tokens: 5, output_tokens: 3 },
    });
    expect(anthropicMessages.parsePlainBody(body)).toEqual({
      content: 'Hello',
      reasoning: 'plan',
      usage: { counts: { completion_tokens: 3, prompt_tokens: 5 }, not_counts: [] },
      finish_reason: null,
    });
  });

  it('refuses text that is not text and keeps the stop reason', () => {
    const parse = (value: unknown) => () => anthropicMessages.parseStreamEvent(data(value));
    expect(parse({ type: 'content_block_delta', delta: { type: 'text_delta', text: 7 } })).toThrow(
      /delta.text is a number, not text/,
    );
    expect(
      parse({ type: 'message_delta', delta: { stop_reason: 'max_tokens' }, usage: {} })()
        .finish_reason,
    ).toBe('max_tokens');
    expect(
      anthropicMessages.parsePlainBody(
        JSON.stringify({ content: [{ type: 'text', text: 'x' }], stop_reason: 'end_turn' }),
      ).finish_reason,
    ).toBe('end_turn');
    expect(() =>
      anthropicMessages.parsePlainBody(JSON.stringify({ content: [{ type: 'text', text: [] }] })),
    ).toThrow(/content\[0\].text is an array, not text/);
  });
});
