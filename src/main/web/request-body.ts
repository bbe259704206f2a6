// An API call's input: JSON in the body, and nothing else. Requiring the JSON
// content type is a defence of its own: a form or a no-cors fetch on another
// site cannot send it, and a page's fetch that does is preflighted first,
// which this server refuses.

import type { IncomingMessage } from 'node:http';
import type { ApiError } from '../../shared/api';

/** Far above any input of the contract (a prompt is at most 100,000 characters). */
export const MAX_BODY_BYTES = 1024 * 1024;

export type BodyResult =
  { ok: true; input: unknown } | { ok: false; status: 400 | 413 | 415; error: ApiError };

export function isJsonRequest(req: IncomingMessage): boolean {
  const type = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  return type === 'application/json';
}

export const UNSUPPORTED_TYPE: ApiError = {
  code: 'invalid_input',
  message: 'send the input as JSON, with Content-Type: application/json',
};

const TOO_LARGE: ApiError = {
  code: 'invalid_input',
  message: `the request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB`,
};

/**
 * Reads the body up to MAX_BODY_BYTES and parses it; an empty body is `{}`,
 * as a method without input is called. Past the limit (or a Content-Length
 * beyond it) the rest is read and dropped, not kept, so that the client,
 * still sending, receives the 413 instead of a reset connection; the caller
 * closes the connection with it.
 */
export function readJsonBody(req: IncomingMessage): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge();
      else chunks.push(chunk);
    };
    const onEnd = (): void => resolve(parseJson(Buffer.concat(chunks).toString('utf8')));
    const tooLarge = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.resume();
      resolve({ ok: false, status: 413, error: TOO_LARGE });
    };
    // The client went away mid-body ('close' without 'end'): the answer goes
    // nowhere, but the call must not run on half an input. After 'end' this
    // changes nothing: the promise is settled already.
    const cutOff = (): void =>
      resolve({
        ok: false,
        status: 400,
        error: { code: 'invalid_input', message: 'the request body was cut off' },
      });
    req.on('error', cutOff);
    req.on('close', cutOff);
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
      tooLarge();
      return;
    }
    req.on('data', onData);
    req.on('end', onEnd);
  });
}

function parseJson(text: string): BodyResult {
  if (text.trim() === '') return { ok: true, input: {} };
  try {
    return { ok: true, input: JSON.parse(text) as unknown };
  } catch (error) {
    return {
      ok: false,
      status: 400,
      error: {
        code: 'invalid_input',
        message: `the request body is not JSON: ${error instanceof Error ? error.message : String(error)}`,
      },
    };
  }
}
