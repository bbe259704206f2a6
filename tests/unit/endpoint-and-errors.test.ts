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
    expect(() => resolveEndpointUrl('ftp://x/v1', 'openai-chat')).toThrow(/use http or https/);
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
    expect(providerErrorMessage('<html>\n<body>502 Bad Gateway</body></html>')).toBe(
      '<html> <body>502 Bad Gateway</body></html>',
    );
    expect(providerErrorMessage('')).toBe('');
  });

  it('parses Retry-After as seconds or as a date', () => {
    expect(parseRetryAfter('7')).toBe(7);
    expect(parseRetryAfter(undefined)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
  });

  it('explains network errors by code', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(networkErrorText(refused, '127.0.0.1:9')).toBe(
      'connection refused: nothing is listening at that address (127.0.0.1:9)',
    );
  });

  it('redacts secrets wherever they appear', () => {
    expect(redactSecrets('Incorrect API key provided: sk-abc123. sk-abc123', ['sk-abc123'])).toBe(
      'Incorrect API key provided: [redacted]. [redacted]',
    );
    expect(redactSecrets('nothing here', ['sk-abc123', undefined])).toBe('nothing here');
  });
});
