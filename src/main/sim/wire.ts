// Writes a response and records in the trace when each write really happened.
// Node's http response corks chunked writes and writes them to the kernel in a
// process.nextTick. A tick queued just before res.write() therefore runs just
// before that kernel write, and one queued just after runs when it returned:
// the write began at the first, and the bytes were on their way by the second.
// On loopback the reader is woken during the write call, so the time it began
// is the true send time; the call itself can take a few hundred microseconds
// on a small VM, which would otherwise be charged to the measurement.
import type { ServerResponse } from 'node:http';
import type { Clock } from '../clock';
import type { SimTrace, SimWriteKind } from './trace';

export class TracedResponse {
  private clientClosed = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly trace: SimTrace,
    private readonly clock: Clock,
  ) {
    res.on('close', () => {
      // 'close' also follows a completed response; only an unfinished one was hung up on.
      if (res.writableFinished) return;
      this.clientClosed = true;
      trace.client_closed_mono_ms = clock.now();
    });
  }

  get closedByClient(): boolean {
    return this.clientClosed;
  }

  /** Called once if the client hangs up before the response is complete. */
  onClientClose(listener: () => void): void {
    this.res.on('close', () => {
      if (this.clientClosed) listener();
    });
  }

  private get writable(): boolean {
    return !this.clientClosed && !this.res.writableEnded && !this.res.destroyed;
  }

  /** Sends the status line and headers now, before any body, as providers do when a stream starts. */
  startStream(scheduled: number): void {
    if (!this.writable) return;
    this.res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const socket = this.res.socket;
    const before = socket?.bytesWritten ?? 0;
    // Headers are not corked: flushHeaders writes at once.
    const began = this.clock.now();
    this.res.flushHeaders();
    this.record('headers', (socket?.bytesWritten ?? 0) - before, scheduled, () => began);
  }

  write(kind: SimWriteKind, data: string | Buffer, scheduled: number, text?: string): void {
    if (!this.writable) return;
    let began = NaN;
    process.nextTick(() => (began = this.clock.now()));
    this.res.write(data);
    this.record(kind, Buffer.byteLength(data), scheduled, () => began, text);
  }

  /** A whole JSON response in one write: a plain body or an error. */
  respond(
    status: number,
    body: string,
    kind: SimWriteKind,
    scheduled: number,
    headers: Record<string, string> = {},
  ): void {
    if (!this.writable) return;
    const bytes = Buffer.byteLength(body);
    this.res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': String(bytes),
      ...headers,
    });
    // With a Content-Length the body is not corked: res.end writes at once.
    const began = this.clock.now();
    this.res.end(body);
    this.record(kind, bytes, scheduled, () => began);
  }

  end(): void {
    if (this.writable) this.res.end();
  }

  private record(
    kind: SimWriteKind,
    bytes: number,
    scheduled: number,
    began: () => number,
    text?: string,
  ): void {
    process.nextTick(() => {
      this.trace.writes.push({
        at_mono_ms: began(),
        returned_mono_ms: this.clock.now(),
        scheduled_mono_ms: scheduled,
        bytes,
        kind,
        ...(text === undefined ? {} : { text }),
      });
    });
  }
}
