// Reading an API key from standard input for `profile set-key`: from a pipe
// (`printf %s "$KEY" | lasttoken profile set-key ID`) or typed on a terminal
// with echo off. The key is never written anywhere here: not echoed, not put
// in a message.

import { UsageError } from './options';
import { CliFailure, type TextInput, type TextOutput } from './io';

/** Far above any API key (at most 2560 bytes fit in every keychain); stops a mistaken pipe of a file. */
const MAX_STDIN_BYTES = 64 * 1024;

const NO_KEY =
  'no key on stdin: pipe it in (printf %s "$KEY" | lasttoken profile set-key ID) or name a variable with --from-env VAR';

/**
 * The key on stdin: all of it, less one trailing newline. On a terminal it is
 * typed after a prompt on `prompts`, with echo off. Throws UsageError when there is none.
 */
export async function readKeyFromStdin(
  stdin: TextInput | undefined,
  prompts: TextOutput,
  prompt: string,
): Promise<string> {
  if (!stdin) throw new UsageError(NO_KEY);
  const raw = stdin.isTTY ? await readHidden(stdin, prompts, prompt) : await readAll(stdin);
  const key = raw.replace(/\r?\n$/, '');
  if (key === '') throw new UsageError(NO_KEY);
  return key;
}

async function readAll(stdin: TextInput): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
    size += bytes.length;
    if (size > MAX_STDIN_BYTES) {
      throw new UsageError(
        `stdin holds more than ${MAX_STDIN_BYTES / 1024} KiB: pipe only the key, not a file`,
      );
    }
    chunks.push(bytes);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new UsageError('the key on stdin is not UTF-8 text');
  }
}

const ENTER = new Set(['\r', '\n', '\u0004']);
const CTRL_C = '\u0003';
const BACKSPACE = new Set(['\u007f', '\b']);

/** One line typed on a terminal in raw mode: nothing echoes, Ctrl-C cancels. */
function readHidden(stdin: TextInput, prompts: TextOutput, prompt: string): Promise<string> {
  const setRawMode = stdin.setRawMode?.bind(stdin);
  if (!setRawMode) {
    return Promise.reject(
      new UsageError(
        'this terminal cannot hide what is typed: pipe the key in or use --from-env VAR',
      ),
    );
  }
  return new Promise<string>((resolve, reject) => {
    let key = '';
    const finish = (error?: Error): void => {
      stdin.removeListener('data', onData);
      setRawMode(false);
      stdin.pause();
      prompts.write('\n');
      if (error) reject(error);
      else resolve(key);
    };
    const onData = (chunk: string | Buffer): void => {
      for (const char of String(chunk)) {
        if (ENTER.has(char)) return finish();
        if (char === CTRL_C) return finish(new CliFailure('cancelled: no key stored', 130));
        if (BACKSPACE.has(char)) key = [...key].slice(0, -1).join('');
        else key += char;
      }
    };
    prompts.write(prompt);
    setRawMode(true);
    stdin.setEncoding('utf8');
    stdin.on('data', onData);
    stdin.resume();
  });
}
