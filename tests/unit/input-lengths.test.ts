import { describe, expect, it } from 'vitest';
import { inputTokensOf, parseInputLengths } from '../../src/shared/input-lengths';
import { MAX_INPUT_LENGTHS, MAX_INPUT_TOKENS } from '../../src/shared/run';

describe('parseInputLengths', () => {
  it('reads lengths in the order given, k as thousands, spaces anywhere', () => {
    expect(parseInputLengths('')).toEqual({ ok: true, lengths: [] });
    expect(parseInputLengths('  ')).toEqual({ ok: true, lengths: [] });
    expect(parseInputLengths('8000')).toEqual({ ok: true, lengths: [8000] });
    expect(parseInputLengths(' 32k , 1K,4000 ')).toEqual({
      ok: true,
      lengths: [32000, 1000, 4000],
    });
    expect(parseInputLengths(`${MAX_INPUT_TOKENS}`)).toEqual({
      ok: true,
      lengths: [MAX_INPUT_TOKENS],
    });
  });

  it('names the first part that is no length, a repeat, or too many', () => {
    for (const part of ['0', '1.5', 'k', '-1', '1e3', `${MAX_INPUT_TOKENS + 1}`, '']) {
      expect(parseInputLengths(`1000,${part}`), part).toEqual({
        ok: false,
        problem: { kind: 'length', part: part.trim() },
      });
    }
    expect(parseInputLengths('1000,1k')).toEqual({
      ok: false,
      problem: { kind: 'repeated', length: 1000 },
    });
    const many = Array.from({ length: MAX_INPUT_LENGTHS + 1 }, (_, i) => `${i + 1}k`).join(',');
    expect(parseInputLengths(many)).toEqual({
      ok: false,
      problem: { kind: 'too-many', count: MAX_INPUT_LENGTHS + 1 },
    });
  });
});

describe('inputTokensOf', () => {
  it('is nothing for none, a number for one, a list for a sweep', () => {
    expect(inputTokensOf([])).toEqual({});
    expect(inputTokensOf([8000])).toEqual({ input_tokens: 8000 });
    expect(inputTokensOf([1000, 8000])).toEqual({ input_tokens: [1000, 8000] });
  });
});
