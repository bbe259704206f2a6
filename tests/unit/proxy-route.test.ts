// Which proxy a request goes through: the profile's own, none, or the
// environment's as curl reads it.

import { afterEach, describe, expect, it } from 'vitest';
import { proxyRouteFor, proxySecrets, ProxyUrlError } from '../../src/main/probe/proxy/proxy-route';

const ENV_NAMES = ['http_proxy', 'https_proxy', 'all_proxy', 'no_proxy'].flatMap((n) => [
  n,
  n.toUpperCase(),
]);
const saved = Object.fromEntries(ENV_NAMES.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of ENV_NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});
function env(values: Record<string, string>): void {
  for (const name of ENV_NAMES) delete process.env[name];
  Object.assign(process.env, values);
}

const fromEnv = (target: string): string | null =>
  proxyRouteFor({ kind: 'env' }, new URL(target))?.display ?? null;

describe('the proxy from the environment', () => {
  it('takes the variable of the target scheme, then ALL_PROXY, in either case', () => {
    env({ HTTPS_PROXY: 'http://tls-proxy:3128', HTTP_PROXY: 'http://plain-proxy:8080' });
    expect(fromEnv('https://api.openai.com/v1')).toBe('http://tls-proxy:3128');
    expect(fromEnv('http://api.example.com/v1')).toBe('http://plain-proxy:8080');
    env({ all_proxy: 'socks5h://socks:1080' });
    expect(fromEnv('https://api.openai.com/v1')).toBe('socks5h://socks:1080');
    env({ https_proxy: 'http://lower:1', HTTPS_PROXY: 'http://upper:2' });
    expect(fromEnv('https://api.openai.com/v1')).toBe('http://lower:1');
    env({});
    expect(fromEnv('https://api.openai.com/v1')).toBeNull();
  });

  it('reads a proxy written without a scheme as http://, as curl does', () => {
    env({ HTTPS_PROXY: 'proxy.corp:3128' });
    expect(fromEnv('https://api.openai.com/v1')).toBe('http://proxy.corp:3128');
  });

  it('honours NO_PROXY as curl reads it (see no-proxy.test.ts): names with their subdomains, ports, ranges and *', () => {
    env({
      HTTPS_PROXY: 'http://p:1',
      NO_PROXY: 'internal.corp, .example.com,api.x.ai:8443 10.0.0.0/8',
    });
    expect(fromEnv('https://internal.corp/v1')).toBeNull();
    expect(fromEnv('https://api.internal.corp/v1')).toBeNull();
    expect(fromEnv('https://notinternal.corp/v1')).toBe('http://p:1');
    expect(fromEnv('https://10.1.2.3/v1')).toBeNull();
    expect(fromEnv('https://11.1.2.3/v1')).toBe('http://p:1');
    expect(fromEnv('https://api.example.com/v1')).toBeNull();
    expect(fromEnv('https://api.x.ai:8443/v1')).toBeNull();
    expect(fromEnv('https://api.x.ai/v1')).toBe('http://p:1');
    expect(fromEnv('https://api.openai.com/v1')).toBe('http://p:1');
    env({ HTTPS_PROXY: 'http://p:1', no_proxy: '*' });
    expect(fromEnv('https://api.openai.com/v1')).toBeNull();
  });

  it('never sends a loopback host through it', () => {
    env({ HTTP_PROXY: 'http://p:1', HTTPS_PROXY: 'http://p:1', ALL_PROXY: 'http://p:1' });
    for (const target of [
      'http://localhost:11434/v1',
      'http://127.0.0.1:8000/v1',
      'http://127.8.9.10/v1',
      'https://[::1]:8443/v1',
    ]) {
      expect(fromEnv(target)).toBeNull();
    }
  });

  it('is ignored by a direct profile, and by none when the profile names its own', () => {
    env({ HTTPS_PROXY: 'http://p:1' });
    expect(proxyRouteFor({ kind: 'direct' }, new URL('https://api.openai.com'))).toBeNull();
    expect(proxyRouteFor(undefined, new URL('https://api.openai.com'))?.display).toBe('http://p:1');
    const own = proxyRouteFor(
      { kind: 'url', url: 'socks5://10.0.0.1' },
      new URL('http://localhost:1234/v1'),
    );
    expect(own?.display).toBe('socks5://10.0.0.1:1080');
  });
});

describe('a proxy URL', () => {
  const route = (url: string, username?: string, password?: string) =>
    proxyRouteFor({ kind: 'url', url, username, password }, new URL('https://api.openai.com'));

  it('is shown as scheme://host:port with its default port, never with credentials', () => {
    expect(route('http://proxy')?.display).toBe('http://proxy:80');
    expect(route('https://proxy')?.display).toBe('https://proxy:443');
    expect(route('socks5h://[::1]:9050')?.display).toBe('socks5h://[::1]:9050');
    const inline = route('http://us%40er:p%3Ass@proxy:3128');
    expect(inline?.display).toBe('http://proxy:3128');
    expect(inline?.url.href).toBe('http://proxy:3128/');
    expect([inline?.username, inline?.password]).toEqual(['us@er', 'p:ss']);
    expect(route('http://a:b@proxy:3128', 'given', 'secret')?.username).toBe('given');
  });

  it('refuses other schemes and malformed URLs with a message that repeats no credentials', () => {
    for (const [url, message] of [
      ['socks4://u:hunter22@h:1080', /uses socks4:\/\/, which LastToken cannot use/],
      ['ftp://h', /uses ftp:\/\//],
      ['proxy hunter22', /is not a valid URL: expected scheme:\/\/host:port/],
    ] as const) {
      expect(() => route(url)).toThrow(ProxyUrlError);
      expect(() => route(url)).toThrow(message);
      try {
        route(url);
      } catch (error) {
        expect((error as Error).message).not.toContain('hunter22');
      }
    }
  });

  it('has its credentials, and their Basic form, among the secrets to redact', () => {
    const secrets = proxySecrets(route('http://proxy:1', 'alice', 's3cret-pass'));
    expect(secrets).toEqual([
      'alice',
      's3cret-pass',
      Buffer.from('alice:s3cret-pass').toString('base64'),
    ]);
    expect(proxySecrets(route('http://proxy:1'))).toEqual([]);
    expect(proxySecrets(null)).toEqual([]);
  });
});
