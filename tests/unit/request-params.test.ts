// The one rule for what a request may say besides its prompt: each value in
// range, each parameter one its dialect has, an extra body that replaces
// nothing LastToken sets and carries no credential, and a run's shared
// parameters over a profile's own.
import { describe, expect, it } from 'vitest';
import {
  checkRequestParams,
  checkSharedParams,
  effectiveParams,
  RequestParamsError,
  sharedParamsRefused,
} from '../../src/shared/request-params';

const refusal = (check: () => unknown): { param: string; message: string } => {
  try {
    check();
  } catch (error) {
    if (error instanceof RequestParamsError) return { param: error.param, message: error.message };
    throw error;
  }
  throw new Error('not refused');
};

describe('checkRequestParams', () => {
  it('keeps what is given, drops blank texts and empty lists, copies the extra body', () => {
    const body = { provider: { order: ['a'] } };
    const params = checkRequestParams(
      { system: '  ', temperature: 0, stop: [], seed: 0, extra_body: body },
      'openai-chat',
    );
    expect(params).toEqual({ temperature: 0, seed: 0, extra_body: { provider: { order: ['a'] } } });
    body.provider.order.push('b');
    expect(params.extra_body).toEqual({ provider: { order: ['a'] } });
    expect(checkRequestParams(undefined, 'openai-chat')).toEqual({});
  });

  it('refuses values out of range and names the parameter', () => {
    expect(refusal(() => checkRequestParams({ top_p: 1.5 }, 'openai-chat'))).toEqual({
      param: 'top_p',
      message: 'top_p must be a number from 0 to 1',
    });
    expect(refusal(() => checkRequestParams({ seed: 1.5 }, 'openai-chat')).param).toBe('seed');
    expect(
      refusal(() => checkRequestParams({ stop: ['a', 'b', 'c', 'd', 'e'] }, 'openai-chat')),
    ).toEqual({ param: 'stop', message: 'at most 4 stop sequences' });
    expect(refusal(() => checkRequestParams({ stop: ['\u0007'] }, 'openai-chat')).message).toBe(
      'a stop sequence contains a control character',
    );
    expect(checkRequestParams({ stop: ['\n\n'] }, 'openai-chat')).toEqual({ stop: ['\n\n'] });
    expect(
      refusal(() => checkRequestParams({ thinking_budget: 100 }, 'anthropic-messages')).message,
    ).toBe('thinking_budget must be a whole number from 1024 to 1000000');
    expect(
      refusal(() => checkRequestParams({ reasoning_effort: 'max' }, 'openai-chat')).message,
    ).toBe('reasoning_effort must be one of none, minimal, low, medium, high, xhigh');
    expect(refusal(() => checkRequestParams({ tempreature: 1 }, 'openai-chat'))).toEqual({
      param: 'params',
      message: 'there is no request parameter tempreature',
    });
  });

  it('refuses a parameter the dialect has no field for, naming its twin where it has one', () => {
    expect(refusal(() => checkRequestParams({ seed: 1 }, 'anthropic-messages')).message).toBe(
      'anthropic-messages has no seed parameter',
    );
    expect(
      refusal(() => checkRequestParams({ token_param: 'max_tokens' }, 'anthropic-messages'))
        .message,
    ).toBe('anthropic-messages has no choice of token limit name parameter');
    expect(
      refusal(() => checkRequestParams({ thinking_budget: 2048 }, 'openai-chat')).message,
    ).toMatch(/^openai-chat takes no thinking budget but a reasoning effort/);
    // The Responses API has neither seed nor stop sequences, and names its own limit.
    expect(refusal(() => checkRequestParams({ seed: 1 }, 'openai-responses')).message).toBe(
      'openai-responses has no seed parameter',
    );
    expect(refusal(() => checkRequestParams({ stop: ['x'] }, 'openai-responses')).message).toBe(
      'openai-responses has no stop parameter',
    );
    expect(
      refusal(() =>
        checkRequestParams({ extra_body: { max_output_tokens: 5 } }, 'openai-responses'),
      ).message,
    ).toMatch(/may not set max_output_tokens/);
    expect(
      refusal(() =>
        checkRequestParams(
          { reasoning_effort: 'low', extra_body: { reasoning: {} } },
          'openai-responses',
        ),
      ).message,
    ).toBe('reasoning is set twice, as reasoning_effort and in the extra body: keep one');
  });

  it('an extra body may not replace the request’s own fields, set a parameter twice, or carry a credential', () => {
    const bodyRefusal = (extra_body: unknown, dialect = 'openai-chat' as const) =>
      refusal(() => checkRequestParams({ temperature: 1, extra_body }, dialect)).message;
    expect(bodyRefusal({ messages: [] })).toMatch(/may not set messages/);
    expect(bodyRefusal({ stream_options: {} })).toMatch(/may not set stream_options/);
    expect(bodyRefusal({ temperature: 0 })).toBe(
      'temperature is set twice, as temperature and in the extra body: keep one',
    );
    expect(
      refusal(() =>
        checkRequestParams(
          { stop: ['x'], extra_body: { stop_sequences: ['y'] } },
          'anthropic-messages',
        ),
      ).message,
    ).toBe('stop_sequences is set twice, as stop and in the extra body: keep one');
    // A field of the request's parameters that is not set may come in the body.
    expect(checkRequestParams({ extra_body: { top_k: 40 } }, 'anthropic-messages')).toEqual({
      extra_body: { top_k: 40 },
    });
    for (const name of [
      'api_key',
      'apiKey',
      'Authorization',
      'client_secret',
      'password',
      'access_token',
      'token',
    ]) {
      expect(bodyRefusal({ provider: { [name]: 'x' } })).toMatch(/would carry a credential/);
    }
    // Token counts are no credentials.
    expect(
      checkRequestParams({ extra_body: { thinking_tokens: 5, budget_tokens: 1 } }, 'openai-chat'),
    ).toEqual({ extra_body: { thinking_tokens: 5, budget_tokens: 1 } });
    expect(bodyRefusal({ note: 'sk-proj-aaaaaaaaaaaaaaaaaaaaaaaa' })).toMatch(
      /note looks like a credential/,
    );
    expect(bodyRefusal([1])).toBe('the extra body must be a JSON object ({...})');
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 12; i++) deep = (deep['a'] = {}) as Record<string, unknown>;
    expect(bodyRefusal(root)).toMatch(/nests deeper than 8 levels/);
    expect(bodyRefusal({ filler: 'x'.repeat(20_000) })).toMatch(/longer than 16384 characters/);
  });
});

describe('a run’s shared parameters', () => {
  it('win over the profile’s own, and leave the profile’s other parameters alone', () => {
    expect(
      effectiveParams(
        { temperature: 0.7, reasoning_effort: 'high', extra_body: { user: 'u' } },
        { temperature: 0, seed: 1 },
      ),
    ).toEqual({ temperature: 0, seed: 1, reasoning_effort: 'high', extra_body: { user: 'u' } });
    expect(effectiveParams({ top_p: 0.5 }, undefined)).toEqual({ top_p: 0.5 });
  });

  it('are only the shared ones, and say which a dialect cannot take', () => {
    expect(refusal(() => checkSharedParams({ reasoning_effort: 'low' })).message).toBe(
      "a run sets only system, temperature, top_p, seed, stop for all its profiles; reasoning_effort is a profile's own",
    );
    expect(checkSharedParams({ seed: 3, stop: 'END' })).toEqual({ seed: 3, stop: ['END'] });
    expect(sharedParamsRefused('anthropic-messages', { seed: 3, temperature: 0 })).toEqual([
      'seed',
    ]);
    expect(sharedParamsRefused('openai-chat', { seed: 3 })).toEqual([]);
  });
});
