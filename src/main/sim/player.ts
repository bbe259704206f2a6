// Plays a generation plan against one response: waits for each event's
// absolute time, performs the writes its delivery asks for, and accounts for
// what was generated. A client hanging up does not stop the generation (as on
// many real servers) unless the scenario's stop_on_close=1 says so; events
// generated after the hang-up are counted, never written.
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { Clock } from '../clock';
import { deliveryFor } from './delivery';
import { addGeneratedText } from './events';
import type { DialectRenderer, ResponseContext } from './render';
import type { GenerationPlan } from './scenarios';
import type { Scheduler } from './scheduler';
import type { SimTrace } from './trace';
import type { TracedResponse } from './wire';

export interface Playback {
  plan: GenerationPlan;
  renderer: DialectRenderer;
  context: ResponseContext;
  wire: TracedResponse;
  trace: SimTrace;
  clock: Clock;
  scheduler: Scheduler;
  stopOnClose: boolean;
  /** Aborting stops the generation at once (stop_on_close, or the simulator shutting down). */
  stop: AbortController;
}

export async function play({
  plan,
  renderer,
  context,
  wire,
  trace,
  clock,
  scheduler,
  stopOnClose,
  stop,
}: Playback): Promise<void> {
  if (stopOnClose) wire.onClientClose(() => stop.abort());
  const steps = deliveryFor(plan, renderer, context, wire);
  if (plan.delivery !== 'plain') wire.startStream(trace.received_mono_ms);

  generation: for (const { at_ms, event } of plan.events) {
    const target = trace.received_mono_ms + at_ms;
    for (const step of steps(event, target)) {
      if (!(await scheduler.waitUntil(step.target, stop.signal))) break generation;
      step.run();
    }
    if (!(await scheduler.waitUntil(target, stop.signal))) break;
    if (addGeneratedText(trace, event) && wire.closedByClient) trace.generated_after_close += 1;
  }
  wire.end();
  trace.finished_mono_ms = clock.now();
  trace.completion_tokens = countTokens(trace.reasoning_text + trace.content_text);
}
