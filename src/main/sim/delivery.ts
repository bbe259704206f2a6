// How generated events reach the wire, one strategy per Delivery: each event
// written at its time (live), all held back and written at once at the end
// (buffered), held back and written whenever a proxy's buffer has filled
// (rebuffered), or one JSON body at the end (plain). A strategy turns each
// event into steps: writes, each due at its own absolute time.
import { ERROR_STATUS, type ProviderError, type SimEvent } from './events';
import type { DialectRenderer, ResponseContext, WirePiece } from './render';
import type { GenerationPlan } from './scenarios';
import { SPLIT_STEP_MS, splitEvent } from './split';
import type { TracedResponse } from './wire';

export interface Step {
  /** Absolute time on the monotonic clock. */
  target: number;
  run(): void;
}

/** The steps an event causes, in order; `target` is the event's own time. */
export type Steps = (event: SimEvent, target: number) => Step[];

const isTerminal = (event: SimEvent) => event.type === 'end' || event.type === 'error';

export function deliveryFor(
  plan: GenerationPlan,
  renderer: DialectRenderer,
  context: ResponseContext,
  wire: TracedResponse,
): Steps {
  switch (plan.delivery) {
    case 'live':
      return live(renderer, context, wire, plan.split_events);
    case 'buffered':
      return buffered(renderer, context, wire, Infinity);
    case 'rebuffered':
      return buffered(renderer, context, wire, plan.buffer_bytes);
    case 'plain':
      return plain(renderer, context, wire);
  }
}

function writeStep(wire: TracedResponse, piece: WirePiece, target: number): Step {
  return { target, run: () => wire.write(piece.kind, piece.data, target, piece.text) };
}

function live(
  renderer: DialectRenderer,
  context: ResponseContext,
  wire: TracedResponse,
  split: boolean,
): Steps {
  const stream = renderer.stream(context);
  let previous = -Infinity;
  return (event, target) => {
    const steps = stream.render(event).flatMap((piece) => {
      if (!split || piece.text === undefined) return [writeStep(wire, piece, target)];
      // The event's time is its last part's; earlier parts lead it by SPLIT_STEP_MS
      // each, but never before the previous event.
      const parts = splitEvent(piece.data);
      return parts.map((part, i): Step => {
        const at = Math.max(previous, target - SPLIT_STEP_MS * (parts.length - 1 - i));
        const last = i === parts.length - 1;
        return {
          target: at,
          run: () =>
            wire.write(last ? piece.kind : 'part', part, at, last ? piece.text : undefined),
        };
      });
    });
    previous = target;
    return steps;
  };
}

/**
 * Holds the stream back as a proxy's buffer does: written, as one write,
 * whenever what is held reaches `flushBytes`, and at the end (with
 * Infinity, only at the end). Events are kept whole, so a flush may pass
 * the size by most of one event, where a proxy would cut it.
 */
function buffered(
  renderer: DialectRenderer,
  context: ResponseContext,
  wire: TracedResponse,
  flushBytes: number,
): Steps {
  const stream = renderer.stream(context);
  let held: WirePiece[] = [];
  let heldBytes = 0;
  return (event, target) => {
    const pieces = stream.render(event);
    if (!isTerminal(event)) {
      held.push(...pieces);
      heldBytes += pieces.reduce((sum, piece) => sum + Buffer.byteLength(piece.data), 0);
      if (heldBytes < flushBytes) return [];
      const flush = joined(held);
      held = [];
      heldBytes = 0;
      return [writeStep(wire, flush, target)];
    }
    const last = held.length > 0 ? [joined(held), ...pieces] : pieces;
    return last.map((piece) => writeStep(wire, piece, target));
  };
}

/** Pieces held back, as the one write that releases them. */
function joined(pieces: readonly WirePiece[]): WirePiece {
  return {
    kind: 'content',
    data: pieces.map((piece) => piece.data).join(''),
    text: pieces.map((piece) => piece.text ?? '').join(''),
  };
}

function plain(renderer: DialectRenderer, context: ResponseContext, wire: TracedResponse): Steps {
  return (event, target) => {
    if (event.type === 'end') {
      return [{ target, run: () => wire.respond(200, renderer.plain(context), 'body', target) }];
    }
    if (event.type === 'error') {
      const { error } = event;
      return [{ target, run: () => respondWithError(wire, renderer, error, target) }];
    }
    return [];
  };
}

/** A provider's error response: status, body in the dialect's shape, Retry-After when there is one. */
export function respondWithError(
  wire: TracedResponse,
  renderer: DialectRenderer,
  error: ProviderError,
  scheduled: number,
): void {
  const headers: Record<string, string> =
    error.retry_after_s === undefined ? {} : { 'retry-after': String(error.retry_after_s) };
  wire.respond(ERROR_STATUS[error.kind], renderer.error(error), 'error', scheduled, headers);
}
