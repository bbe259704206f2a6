// The pure parts of the Electron shell: window options, CSP and the app-page checks.

import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isAppPageUrl, isTrustedSender, locateAppPage } from '../../src/main/shell/app-page';
import { contentSecurityPolicy, withContentSecurityPolicy } from '../../src/main/shell/csp';
import { mainWindowOptions } from '../../src/main/shell/window-options';

describe('main window options', () => {
  it('isolate and sandbox the renderer', () => {
    const { webPreferences } = mainWindowOptions('/app/out/preload/index.cjs');
    expect(webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });
});

describe('content security policy', () => {
  const directives = (policy: string) =>
    new Map(
      policy.split('; ').map((directive) => {
        const [name = '', ...sources] = directive.split(' ');
        return [name, sources];
      }),
    );

  it('allows only the app’s own scripts and connections in a built app', () => {
    const policy = directives(contentSecurityPolicy({ dev: false }));
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
  });

  it('relaxes only script-src, and only for the dev server', () => {
    const production = directives(contentSecurityPolicy({ dev: false }));
    const dev = directives(contentSecurityPolicy({ dev: true }));
    expect(dev.get('script-src')).toEqual(["'self'", "'unsafe-inline'"]);
    dev.delete('script-src');
    production.delete('script-src');
    expect(dev).toEqual(production);
  });

  it('is the policy of the meta tag in index.html', () => {
    const html = readFileSync(new URL('../../src/renderer/index.html', import.meta.url), 'utf8');
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html);
    expect(meta?.[1]).toBe(contentSecurityPolicy({ dev: false }));
  });

  it('replaces any policy a response brings, whatever the header’s case', () => {
    const headers = withContentSecurityPolicy(
      { 'content-security-policy': ['default-src *'], 'Content-Type': ['text/html'] },
      "default-src 'self'",
    );
    expect(headers).toEqual({
      'Content-Type': ['text/html'],
      'Content-Security-Policy': ["default-src 'self'"],
    });
  });

  it('sets the policy on a response without headers', () => {
    expect(withContentSecurityPolicy(undefined, "default-src 'self'")).toEqual({
      'Content-Security-Policy': ["default-src 'self'"],
    });
  });
});

describe('the app page', () => {
  const rendererFile = '/opt/LastToken/out/renderer/index.html';
  const builtPage = locateAppPage({ devServerUrl: undefined, rendererFile });
  const builtUrl = pathToFileURL(rendererFile).href;
  const devPage = locateAppPage({ devServerUrl: 'http://localhost:5173/', rendererFile });

  it('is the built index.html, with any query or fragment', () => {
    expect(isAppPageUrl(builtPage, builtUrl)).toBe(true);
    expect(isAppPageUrl(builtPage, `${builtUrl}?run=3#charts`)).toBe(true);
  });

  it('is no other file, site or malformed URL', () => {
    expect(isAppPageUrl(builtPage, pathToFileURL('/etc/passwd').href)).toBe(false);
    expect(isAppPageUrl(builtPage, 'https://example.com/out/renderer/index.html')).toBe(false);
    expect(isAppPageUrl(builtPage, 'not a url')).toBe(false);
  });

  it('is the dev server’s origin in development', () => {
    expect(isAppPageUrl(devPage, 'http://localhost:5173/src/App.tsx')).toBe(true);
    expect(isAppPageUrl(devPage, 'http://localhost:5174/')).toBe(false);
    expect(isAppPageUrl(devPage, builtUrl)).toBe(false);
  });

  it('trusts IPC only from its own main frame', () => {
    const mainFrame = { url: builtUrl, parent: null };
    expect(isTrustedSender(builtPage, mainFrame)).toBe(true);
    expect(isTrustedSender(builtPage, { url: builtUrl, parent: mainFrame })).toBe(false);
    expect(isTrustedSender(builtPage, { url: 'https://example.com/', parent: null })).toBe(false);
    expect(isTrustedSender(builtPage, null)).toBe(false);
  });
});
