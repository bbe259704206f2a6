import { describe, expect, it } from 'vitest';
import { modelsUrl, parseModelList } from '../../src/main/probe/list-models';

describe('model lists', () => {
  it("ask each dialect's models path, from a base URL or a pasted completions URL", () => {
    expect(modelsUrl('https://api.openai.com/v1', 'openai-chat').href).toBe(
      'https://api.openai.com/v1/models',
    );
    expect(modelsUrl('https://openrouter.ai/api/v1/chat/completions', 'openai-chat').href).toBe(
      'https://openrouter.ai/api/v1/models',
    );
    expect(modelsUrl('https://api.anthropic.com/', 'anthropic-messages').href).toBe(
      'https://api.anthropic.com/v1/models?limit=1000',
    );
    expect(modelsUrl('https://x.example/v1/messages', 'anthropic-messages').href).toBe(
      'https://x.example/v1/models?limit=1000',
    );
    expect(() => modelsUrl('file:///etc', 'openai-chat')).toThrow(/must start with http/);
  });

  it('read OpenAI, Anthropic and OpenRouter lists, sorted, free models marked', () => {
    const openrouter = JSON.stringify({
      data: [
        {
          id: 'z-ai/glm-4.5-air:free',
          name: 'GLM 4.5 Air (free)',
          pricing: { prompt: '0', completion: '0' },
          context_length: 131072,
        },
        {
          id: 'anthropic/claude-sonnet-4',
          name: 'Claude Sonnet 4',
          pricing: { prompt: '0.000003', completion: '0.000015' },
        },
        { id: 'meta/llama-free-pricing', pricing: { prompt: 0, completion: 0 } },
      ],
    });
    expect(parseModelList(openrouter)).toEqual([
      {
        id: 'anthropic/claude-sonnet-4',
        name: 'Claude Sonnet 4',
        free: false,
        context_length: null,
        owner: null,
      },
      { id: 'meta/llama-free-pricing', name: null, free: true, context_length: null, owner: null },
      {
        id: 'z-ai/glm-4.5-air:free',
        name: 'GLM 4.5 Air (free)',
        free: true,
        context_length: 131072,
        owner: null,
      },
    ]);
    const anthropic = JSON.stringify({
      data: [{ id: 'claude-opus-4-1', display_name: 'Claude Opus 4.1', type: 'model' }],
      has_more: false,
    });
    expect(parseModelList(anthropic)).toEqual([
      {
        id: 'claude-opus-4-1',
        name: 'Claude Opus 4.1',
        free: null,
        context_length: null,
        owner: null,
      },
    ]);
    expect(
      parseModelList(
        JSON.stringify({
          object: 'list',
          data: [{ id: 'gpt-4o', owned_by: 'system' }, { nope: 1 }],
        }),
      ),
    ).toEqual([{ id: 'gpt-4o', name: null, free: null, context_length: null, owner: 'system' }]);
  });

  it('keep "not said" apart from "paid": a router\'s price of -1, a price missing or not a number', () => {
    const list = JSON.stringify({
      data: [
        { id: 'openrouter/auto', pricing: { prompt: '-1', completion: '-1' } },
        { id: 'half-priced', pricing: { prompt: '0' } },
        { id: 'words', pricing: { prompt: 'free', completion: '' } },
        { id: 'paid-prompt-only', pricing: { prompt: '0.000001', completion: '0' } },
      ],
    });
    expect(parseModelList(list).map((m) => [m.id, m.free])).toEqual([
      ['half-priced', null],
      ['openrouter/auto', null],
      ['paid-prompt-only', false],
      ['words', null],
    ]);
  });

  it('say what is wrong with an answer that is not a model list', () => {
    expect(() => parseModelList('<html>')).toThrow('the model list is not JSON');
    expect(() => parseModelList('{"error":"no"}')).toThrow('the answer has no list of models');
  });
});
