// The renderer's entry gives the page a window.lasttoken: the preload's when
// there is one (Electron), else the HTTP bridge (a browser), read-only either way.

import { describe, expect, it } from 'vitest';
import { installBridge } from '../../src/renderer/src/api/install-bridge';
import type { LastTokenBridge } from '../../src/shared/ipc-contract';

const bridge = (name: string) => ({ name }) as unknown as LastTokenBridge;

describe('installBridge', () => {
  it('installs the bridge where there is none, so that no script can replace or change it', () => {
    const page: { lasttoken?: LastTokenBridge } = {};
    installBridge(page, () => bridge('http'));
    expect(page.lasttoken).toEqual({ name: 'http' });
    expect(() => {
      page.lasttoken = bridge('evil');
    }).toThrow(TypeError);
    expect(() => Object.defineProperty(page, 'lasttoken', { value: bridge('evil') })).toThrow(
      TypeError,
    );
    expect(() => {
      (page.lasttoken as unknown as { name: string }).name = 'evil';
    }).toThrow(TypeError);
    expect(page.lasttoken).toEqual({ name: 'http' });
  });

  it("leaves the preload's bridge alone and makes no other", () => {
    const preload = bridge('ipc');
    const page = { lasttoken: preload };
    let made = 0;
    installBridge(page, () => {
      made += 1;
      return bridge('http');
    });
    expect(page.lasttoken).toBe(preload);
    expect(made).toBe(0);
  });
});
