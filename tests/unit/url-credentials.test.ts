import { describe, expect, it } from 'vitest';
import { resolveEndpointUrl } from '../../src/main/probe/endpoint-url';
import { modelsUrl } from '../../src/main/probe/list-models';
import { urlCredentialProblem } from '../../src/main/probe/url-credentials';

const SECRET = 'sk-proj-Tq5Wn8Lc2Rv6Zb1Xm4';
const VALUE = 'opaque-Hd3Kp7Vs9Yq2';

describe('credentials in a URL', () => {
  it.each([
    [
      `https://api.example/v1?api_key=${SECRET}`,
      /^query parameter api_key would carry a credential/,
    ],
    [`https://api.example/v1?key=${VALUE}`, /^query parameter key would carry/],
    ['https://api.example/v1?token=', /^query parameter token would carry/],
    [`https://api.example/v1?access_token=${VALUE}`, /^query parameter access_token would carry/],
    [`https://res.example/v1?sv=2024&sig=${VALUE}`, /^query parameter sig would carry/],
    [`https://s3.example/v1?X-Amz-Signature=${VALUE}`, /^query parameter X-Amz-Signature would/],
    // By the shape of its value, under any name.
    [`https://api.example/v1?v=${SECRET}`, /^query parameter v would carry/],
    [`https://api.example/v1?auth=Bearer%20${VALUE}`, /^query parameter auth would carry/],
    // A key written where a name goes is not repeated as the name.
    [`https://api.example/v1?${SECRET}`, /^a query parameter would carry/],
    [`https://user:${VALUE}@api.example/v1`, /^the URL contains credentials \(user:pass@/],
    [`https://${VALUE}@api.example/v1`, /^the URL contains credentials/],
  ])('%s is refused, saying what was found and what to do instead', (url, says) => {
    const problem = urlCredentialProblem(new URL(url));
    expect(problem).toMatch(says);
    expect(problem).toMatch(/keychain or an environment variable \(--key-env\)/);
    expect(problem).not.toContain(SECRET);
    expect(problem).not.toContain(VALUE);
  });

  it('points parameters that are not secret to --query', () => {
    expect(urlCredentialProblem(new URL('https://x.example/v1?api_key=k'))).toMatch(
      /--query is for parameters that are not secret/,
    );
  });

  it.each([
    'https://res.openai.azure.com/openai/deployments/dep?api-version=2024-10-21',
    'https://api.example/v1',
    'https://api.example/v1?model=gpt-4o&format=json',
  ])('%s is no credential', (url) => {
    expect(urlCredentialProblem(new URL(url))).toBeNull();
  });

  it('is one rule for the completions URL and the models URL', () => {
    const url = `https://api.example/v1?api_key=${SECRET}`;
    for (const resolve of [resolveEndpointUrl, modelsUrl]) {
      expect(() => resolve(url, 'openai-chat')).toThrow(/query parameter api_key would carry/);
      expect(() => resolve(url.replace('https://', 'https://u:p@'), 'openai-chat')).toThrow(
        /contains credentials/,
      );
      expect(resolve('https://api.example/v1?api-version=2024-10-21', 'openai-chat').search).toBe(
        '?api-version=2024-10-21',
      );
    }
  });

  it('never repeats a URL it cannot read, which may hold a key all the same', () => {
    for (const resolve of [resolveEndpointUrl, modelsUrl]) {
      expect(() => resolve(`api.example/v1?api_key=${SECRET}`, 'openai-chat')).toThrow(
        /^not a valid URL: expected http:\/\/ or https:\/\/, a host and a path, e\.g\. https:\/\/api\.openai\.com\/v1$/,
      );
    }
  });
});
