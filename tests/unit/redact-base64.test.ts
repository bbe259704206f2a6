import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../src/main/probe/redact';
import { keyPiecesIn } from '../support/key-pieces';

// ?>~ make its base64 use + and / at every alignment, so the alphabets differ.
const KEY = 'sk-live-Zm9v?>~Q7xK2pW8rT4nB6yH3jM5';

type Alphabet = 'standard' | 'url-safe';

const shown = (text: string): string[] => keyPiecesIn(text, KEY);

function base64(bytes: Buffer, alphabet: Alphabet, padded: boolean): string {
  const text = bytes.toString(alphabet === 'standard' ? 'base64' : 'base64url');
  return padded ? text.padEnd(Math.ceil(text.length / 4) * 4, '=') : text.replace(/=+$/, '');
}

describe('redacting a key echoed base64-encoded', () => {
  const cases = [0, 1, 2].flatMap((lead) =>
    (['standard', 'url-safe'] as const).flatMap((alphabet) =>
      [true, false].map((padded) => ({
        lead,
        alphabet,
        padded,
        name: `${lead} bytes before the key, ${alphabet} alphabet, ${padded ? 'padded' : 'unpadded'}`,
      })),
    ),
  );

  it.each(cases)('$name', ({ lead, alphabet, padded }) => {
    const blob = base64(
      Buffer.concat([Buffer.from('Bea'.slice(0, lead)), Buffer.from(KEY), Buffer.from('!')]),
      alphabet,
      padded,
    );
    expect(shown(blob)).not.toEqual([]);
    const redacted = redactSecrets(`{"echo":"${blob}"}`, [KEY]);
    expect(redacted).toContain('[redacted]');
    expect(redacted).toMatch(/^\{"echo":"[\w+/=-]{0,3}\[redacted\][\w+/=-]{0,6}"\}$/);
    expect(shown(redacted)).toEqual([]);
  });

  it('finds the key inside a larger blob: a Bearer header, a JSON body', () => {
    const header = Buffer.from(`Bearer ${KEY}`).toString('base64');
    const body = Buffer.from(JSON.stringify({ model: 'm', headers: { authorization: KEY } }));
    for (const text of [
      `you sent ${header}`,
      body.toString('base64'),
      body.toString('base64url'),
      `data:application/json;base64,${body.toString('base64')}`,
    ]) {
      const redacted = redactSecrets(text, [KEY]);
      expect(shown(redacted)).toEqual([]);
    }
    // What surrounds the key in the blob is kept.
    expect(redactSecrets(`you sent ${header}`, [KEY])).toMatch(
      /^you sent QmVhcmVy\S{0,2}\[redacted\]/,
    );
  });

  it('finds the key in base64 written JSON- or URL-escaped', () => {
    const blob = Buffer.concat([Buffer.from('x'), Buffer.from(KEY)]).toString('base64');
    expect(blob).toMatch(/[+/=]/);
    for (const escaped of [
      blob.replaceAll('/', '\\/'),
      encodeURIComponent(blob),
      blob.replaceAll('+', '\\u002b'),
    ]) {
      expect(shown(redactSecrets(escaped, [KEY]).replace(/\\\//g, '/'))).toEqual([]);
    }
  });

  it('leaves no decodable 8-byte piece of the key in a blob cut anywhere', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 20 }),
        fc.uint8Array({ maxLength: 20 }),
        fc.constantFrom<Alphabet>('standard', 'url-safe'),
        fc.boolean(),
        fc.nat(),
        fc.nat(),
        (before, after, alphabet, padded, from, length) => {
          const blob = base64(
            Buffer.concat([Buffer.from(before), Buffer.from(KEY), Buffer.from(after)]),
            alphabet,
            padded,
          );
          const start = from % blob.length;
          const cut = blob.slice(start, start + (length % (blob.length + 1)));
          expect(shown(redactSecrets(`echo: ${cut}.`, [KEY]))).toEqual([]);
        },
      ),
    );
  });

  it('leaves a text that is not the key in base64 as it is', () => {
    const keyBase64 = Buffer.from(KEY).toString('base64');
    // One character in every 9 changed: no 10 characters of the key's base64 in a row.
    const nearMiss = keyBase64.replace(/(.{8})./g, (_, kept: string) => `${kept}A`);
    const texts = [
      Buffer.from('hello world, this is not a key at all').toString('base64'),
      Buffer.from('sk-test-9876543210zyxwvutsrqpo').toString('base64'),
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
      nearMiss,
      keyBase64.slice(0, 9),
    ];
    for (const text of texts) expect(redactSecrets(text, [KEY])).toBe(text);
  });
});
