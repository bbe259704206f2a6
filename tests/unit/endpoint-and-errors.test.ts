import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLoopbackHost, resolveEndpointUrl } from '../../src/main/probe/endpoint-url';
import {
  networkErrorText,
  parseRetryAfter,
  providerErrorMessage,
} from '../../src/main/probe/failure-text';
import { redactSecrets } from '../../src/main/probe/redact';

describe('endpoint URLs', () => {
  it('appends each dialect path to a base URL by its SDK convention', () => {
    expect(resolveEndpointUrl('https://api.openai.com/v1', 'openai-chat').href).toBe(
      'https://api.openai.com/v1/chat/completions',
    );
    expect(resolveEndpointUrl('https://api.openai.com/v1/', 'openai-chat').href).toBe(
      'https://api.openai.com/v1/chat/completions',
    );
    expect(resolveEndpointUrl('https://api.anthropic.com', 'anthropic-messages').href).toBe(
      'https://api.anthropic.com/v1/messages',
    );
  });

  it('uses a URL that already has the full path as it is (the seed script ENDPOINT)', () => {
    expect(resolveEndpointUrl('https://x.example/v1/chat/completions', 'openai-chat').href).toBe(
      'https://x.example/v1/chat/completions',
    );
    expect(
      resolveEndpointUrl('https://x.example/v1/messages?beta=1', 'anthropic-messages').href,
    ).toBe('https://x.example/v1/messages?beta=1');
  });

  it('rejects what cannot be an endpoint, clearly', () => {
    expect(() => resolveEndpointUrl('api.openai.com/v1', 'openai-chat')).toThrow(/not a valid URL/);
    expect(() => resolveEndpointUrl('ftp://x/v1', 'openai-chat')).toThrow(
      'unsupported protocol "ftp:": the base URL must start with http:// or https://',
    );
    // Not "... in null", the origin of a file: URL.
    expect(() => resolveEndpointUrl('file:///etc/passwd', 'openai-chat')).toThrow(
      /^unsupported protocol "file:": the base URL must start with http:\/\/ or https:\/\/$/,
    );
    expect(() => resolveEndpointUrl('https://user:pw@x/v1', 'openai-chat')).toThrow(/credentials/);
  });

  it('knows loopback hosts', () => {
    for (const host of ['localhost', '127.0.0.1', '127.8.9.1', '[::1]', '::1'])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['10.0.0.1', 'example.com', '128.0.0.1'])
      expect(isLoopbackHost(host)).toBe(false);
  });
});

describe('failure texts', () => {
  it('finds the provider message in the usual error shapes', () => {
    expect(providerErrorMessage('{"error":{"message":"Invalid key","type":"auth"}}')).toBe(
      'Invalid key',
    );
    expect(
      providerErrorMessage(
        '{"type":"error","error":{"type":"rate_limit_error","message":"Slow down"}}',
      ),
    ).toBe('Slow down');
    expect(providerErrorMessage('{"detail":"Not found"}')).toBe('Not found');
    expect(providerErrorMessage('{"error":"bad model"}')).toBe('bad model');
    // Uncut and as sent: the caller redacts, then makes it one line and cuts it.
    expect(providerErrorMessage('<html>\n<body>502 Bad Gateway</body></html>')).toBe(
      '<html>\n<body>502 Bad Gateway</body></html>',
    );
    expect(providerErrorMessage('')).toBe('');
  });

  it('parses Retry-After as seconds or as a date', () => {
    expect(parseRetryAfter('7')).toBe(7);
    expect(parseRetryAfter(undefined)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
    // Never early: 29.2 s from now is waited as 30.
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now + 800)).toBe(30);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
    // So many digits are no number of seconds (Infinity), not a wait to keep or store.
    expect(parseRetryAfter('9'.repeat(400))).toBeNull();
  });

  it('says how to trust a certificate that no authority here vouches for, never to stop checking', () => {
    for (const code of [
      'SELF_SIGNED_CERT_IN_CHAIN',
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
    ]) {
      const text = networkErrorText(Object.assign(new Error(code), { code }), 'llm.test:443');
      expect(text).toMatch(
        /^TLS: .+; to trust it, give LastToken the certificate of the authority/,
      );
      expect(text).toContain(
        'NODE_EXTRA_CA_CERTS=/path/to/ca.pem lasttoken …, or NODE_EXTRA_CA_CERTS=/path/to/ca.pem npm start (llm.test:443)',
      );
    }
    const expired = Object.assign(new Error('expired'), { code: 'CERT_HAS_EXPIRED' });
    expect(networkErrorText(expired, 'x:1')).toBe('TLS: the server certificate has expired (x:1)');
  });

  it('explains network errors by code', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(networkErrorText(refused, '127.0.0.1:9')).toBe(
      'connection refused: nothing is listening at that address (127.0.0.1:9)',
    );
  });

  it("explains TLS failures in words, not OpenSSL's", () => {
    // What Node 20 gives for https to a port that answers in plain http.
    const wrongVersion = Object.assign(
      new Error(
        'write EPROTO 80EC435A2D7F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:../deps/openssl/openssl/ssl/record/ssl3_record.c:350:\n',
      ),
      { code: 'EPROTO' },
    );
    expect(networkErrorText(wrongVersion, 'x:1')).toBe(
      'TLS handshake failed: the server does not speak TLS on this port (is the URL http://, not https://?) (x:1)',
    );
    const other = Object.assign(new Error('alert'), {
      code: 'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE',
      reason: 'sslv3 alert handshake failure',
    });
    expect(networkErrorText(other, 'x:1')).toBe(
      'TLS handshake failed: sslv3 alert handshake failure (x:1)',
    );
  });

  it('redacts secrets wherever they appear', () => {
    expect(redactSecrets('Incorrect API key provided: sk-abc123. sk-abc123', ['sk-abc123'])).toBe(
      'Incorrect API key provided: [redacted]. [redacted]',
    );
    expect(redactSecrets('nothing here', ['sk-abc123', undefined])).toBe('nothing here');
  });

  it('redacts any piece of eight characters of a secret, merging overlapping pieces', () => {
    const key = 'sk-live-0123456789abcdefghij';
    // The provider shows part of the key: the start, or the middle.
    expect(redactSecrets(`key sk-live-0123 is wrong`, [key])).toBe('key [redacted] is wrong');
    expect(redactSecrets(`...456789abcdef...`, [key])).toBe('...[redacted]...');
    // Seven characters are too few to tell from ordinary text.
    expect(redactSecrets('sk-live is a prefix', [key])).toBe('sk-live is a prefix');
    expect(redactSecrets(`${key}${key}`, [key])).toBe('[redacted]');
    expect(redactSecrets('abcd', ['abc'])).toBe('abcd');
  });

  it('redacts a key echoed escaped, as JSON or a URL writes it', () => {
    const key = 'sk-live-0123456789';
    const json = JSON.stringify(key)
      .slice(1, -1)
      .replace(/[-0-9]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
    expect(redactSecrets(`{"error":"bad key ${json}!"}`, [key])).toBe(
      '{"error":"bad key [redacted]!"}',
    );
    expect(redactSecrets('GET /v1?key=sk%2Dlive%2D0123456789 401', [key])).toBe(
      'GET /v1?key=[redacted] 401',
    );
    // Half plain, half escaped: one match, one replacement.
    expect(redactSecrets('sk-live-\\u0030123456789.', [key])).toBe('[redacted].');
    // Escapes that spell no secret are left as they are.
    expect(redactSecrets('caf\\u00e9 100%25 \\/path', [key])).toBe('caf\\u00e9 100%25 \\/path');
  });

  it('leaves no 8-character piece of a key in any text, however it was cut or echoed', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 8, maxLength: 60 }).filter((k) => k.trim().length === k.length),
        fc.string({ maxLength: 30 }),
        fc.string({ maxLength: 30 }),
        fc.nat(),
        fc.nat(),
        (key, before, after, from, length) => {
          const start = from % key.length;
          const echoed = key.slice(start, start + Math.max(8, length % (key.length + 1)));
          const redacted = redactSecrets(`${before}${echoed}${after}${key}`, [key]);
          for (let i = 0; i + 8 <= key.length; i++) {
            expect(redacted).not.toContain(key.slice(i, i + 8));
          }
        },
      ),
    );
  });
});
