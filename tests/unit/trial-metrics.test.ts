import { describe, expect, it } from 'vitest';
import { NO_USAGE } from '../../src/main/probe/dialects';
import { deriveTrial } from '../../src/main/probe/trial-metrics';
import { observations, wholeBody, type TextChunk } from '../support/observations';

const chunk = (at_ms: number, content: string, reasoning = ''): TextChunk => ({
  at_ms,
  content,
  reasoning,
});

describe('deriveTrial', () => {
  it('computes TTFT, gaps, ITL and rates from chunk arrivals', () => {
    const trial = deriveTrial(
      observations(
        [chunk(100, ' one'), chunk(120, ' two'), chunk(150, ' three'), chunk(160, ' four')],
        {
          usage: { ...NO_USAGE, completion_tokens: 5, prompt_tokens: 2, cached_prompt_tokens: 1 },
        },
      ),
    );
    expect(trial.ttft_ms).toBe(100);
    expect(trial.ttfo_ms).toBe(100);
    expect(trial.last_token_ms).toBe(160);
    expect(trial.total_ms).toBe(161);
    expect(trial.gaps_ms).toEqual([20, 30, 10]);
    expect(trial.gap_median_ms).toBe(20);
    expect(trial.gap_max_ms).toBe(30);
    expect(trial.tokens).toBe(4);
    expect(trial.itl_ms).toBe(20);
    expect(trial.decode_tps).toBe(50);
    expect(trial.e2e_tps).toBeCloseTo((4 / 161) * 1000, 9);
    expect(trial.tokens_per_chunk_mean).toBe(1);
    expect(trial.usage_diff).toBe(1);
    expect(trial.cached_prompt_tokens).toBe(1);
    expect(trial.reasoning_tokens_api).toBeNull();
    expect(trial.text).toBe(' one two three four');
    expect(trial.timeline.chunks.map((c) => c.tokens)).toEqual([1, 1, 1, 1]);
  });

  it('counts reasoning for TTFT but not for TTFO', () => {
    const trial = deriveTrial(
      observations([chunk(50, '', ' think'), chunk(70, '', ' more'), chunk(90, ' answer')]),
    );
    expect(trial.ttft_ms).toBe(50);
    expect(trial.ttfo_ms).toBe(90);
    expect(trial.reasoning_tokens).toBe(2);
    expect(trial.tokens).toBe(3);
    expect(trial.timeline.chunks.map((c) => c.kind)).toEqual(['reasoning', 'reasoning', 'content']);
  });

  it('flags a stream whose content arrives in one burst at the end as buffered', () => {
    const words = Array.from({ length: 20 }, (_, i) => chunk(1000 + i * 0.01, ' word'));
    const buffered = deriveTrial(observations([chunk(100, ' start'), ...words]));
    expect(buffered.buffered).toBe(true);
    expect(buffered.burst_share).toBeGreaterThan(0.9);

    const steady = deriveTrial(
      observations(Array.from({ length: 20 }, (_, i) => chunk(100 + i * 20, ' word'))),
    );
    expect(steady.buffered).toBe(false);
    expect(steady.burst_share).toBeLessThan(0.2);
  });

  it('does not call a short answer buffered', () => {
    expect(deriveTrial(observations([chunk(100, ' yes')])).buffered).toBe(false);
  });

  it('flags a stall: no content for longer than the stall limit', () => {
    const trial = deriveTrial(
      observations([chunk(100, ' a'), chunk(3200, ' b')], {
        stall_ms: 2000,
        pings: [
          { at_ms: 1000, kind: 'comment' },
          { at_ms: 2000, kind: 'comment' },
        ],
      }),
    );
    expect(trial.max_content_silence_ms).toBe(3100);
    expect(trial.stalled).toBe(true);
    expect(trial.pings).toBe(2);
    expect(trial.first_ping_ms).toBe(1000);
  });

  it('treats a whole body as one response without chunks', () => {
    const trial = deriveTrial(
      observations([], {
        mode: 'plain',
        ...wholeBody('Hello world'),
        complete_ms: 500,
        first_byte_ms: 480,
      }),
    );
    expect(trial.chunks).toBe(0);
    expect(trial.ttft_ms).toBeNull();
    expect(trial.tokens).toBe(2);
    expect(trial.e2e_tps).toBe(4);
    expect(trial.tokens_per_chunk_mean).toBeNull();
    expect(trial.max_content_silence_ms).toBeNull();
  });

  it('keeps what a failed trial measured and leaves the rest null', () => {
    const trial = deriveTrial(
      observations([chunk(100, ' a'), chunk(130, ' b')], {
        status: 'idle_timeout',
        complete_ms: null,
        stopped_ms: 5130,
        error: 'no bytes',
      }),
    );
    expect(trial.ttft_ms).toBe(100);
    expect(trial.total_ms).toBeNull();
    expect(trial.e2e_tps).toBeNull();
    expect(trial.max_content_silence_ms).toBe(5000);
  });
});
