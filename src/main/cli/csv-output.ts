// `lasttoken export ... --out -`: the CSV (or run file) streamed to standard output as it is
// made, never held whole, pausing whenever the output asks to (a pipe to a
// slow reader) instead of piling the rest up in memory.

import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { exportCsvStream, type CsvKind, type CsvOptions, type CsvStreamData } from '../export';
import type { TextOutput } from './io';

export function writeCsvOutput<K extends CsvKind>(
  output: TextOutput,
  kind: K,
  data: CsvStreamData[K],
  options: CsvOptions = {},
): Promise<void> {
  return writeStreamOutput(output, exportCsvStream(kind, data, options));
}

/** Any export (a run file too) streamed to the output the same way. */
export async function writeStreamOutput(output: TextOutput, source: Readable): Promise<void> {
  // The output takes text: a character split between two parts waits to be whole.
  const decoder = new StringDecoder('utf8');
  for await (const part of source) {
    const text = typeof part === 'string' ? part : decoder.write(part as Buffer);
    if (output.write(text) === false && isStream(output)) await once(output, 'drain');
  }
  const rest = decoder.end();
  if (rest !== '') output.write(rest);
}

/** process.stdout is one; the tests' plain recorders are not, and never ask to wait. */
function isStream(output: TextOutput): output is TextOutput & NodeJS.EventEmitter {
  return typeof (output as Partial<NodeJS.EventEmitter>).once === 'function';
}
