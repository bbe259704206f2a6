// Before Electron starts on Linux: will Chromium's sandbox start, and if not,
// why and the two ways to fix it (scripts/check-linux-sandbox.mjs). The
// decision is pure over what it reads off the machine; the facts are read
// from real files here.

import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  describeProblem,
  sandboxFacts,
  sandboxProblem,
  type SandboxFacts,
} from '../../scripts/check-linux-sandbox.mjs';
import { ROOT } from '../support/spawn-cli';

const BINARY = '/home/ada/lasttoken/node_modules/electron/dist/electron';
const HELPER = '/home/ada/lasttoken/node_modules/electron/dist/chrome-sandbox';

/** Ubuntu 24.04 as installed: AppArmor restricts user namespaces, the helper as npm left it. */
const ubuntu: SandboxFacts = {
  binary: BINARY,
  helper: HELPER,
  uid: 1000,
  helperStat: { uid: 1000, mode: 0o100755 },
  unprivilegedUsernsClone: null,
  maxUserNamespaces: '63229',
  apparmorRestrictsUserns: '1',
  apparmorProfileNamesBinary: false,
};

describe('whether Chromium’s sandbox can start', () => {
  it('on Ubuntu 23.10+ with the helper as installed: no, and why, and both fixes', () => {
    const problem = sandboxProblem(ubuntu);
    expect(problem).not.toBeNull();
    expect(problem!.reason).toContain('kernel.apparmor_restrict_unprivileged_userns = 1');
    expect(problem!.reason).toContain(`${HELPER} is not owned by root with mode 4755`);
    expect(problem!.fixes).toHaveLength(2);
    expect(problem!.fixes[0]).toContain(
      `sudo chown root:root '${HELPER}' && sudo chmod 4755 '${HELPER}'`,
    );
    expect(problem!.fixes[1]).toContain(`"${BINARY}" flags=(unconfined)`);
    expect(problem!.fixes[1]).toContain('userns,');
    expect(problem!.fixes[1]).toContain(
      'sudo apparmor_parser -r /etc/apparmor.d/lasttoken-electron',
    );
    const text = describeProblem(problem!);
    expect(text.split('\n')[0]).toMatch(/^LastToken: Electron's sandbox cannot start here: /);
    expect(text).toContain('npm run web');
    // Never the way out that turns the sandbox off.
    expect(text).not.toContain('--no-sandbox');
  });

  it('yes, once either fix is made', () => {
    expect(sandboxProblem({ ...ubuntu, helperStat: { uid: 0, mode: 0o104755 } })).toBeNull();
    expect(sandboxProblem({ ...ubuntu, apparmorProfileNamesBinary: true })).toBeNull();
    expect(sandboxProblem({ ...ubuntu, apparmorRestrictsUserns: '0' })).toBeNull();
  });

  it('no, with a helper that is root’s but not setuid, or setuid but not root’s', () => {
    expect(sandboxProblem({ ...ubuntu, helperStat: { uid: 0, mode: 0o100755 } })).not.toBeNull();
    expect(sandboxProblem({ ...ubuntu, helperStat: { uid: 1000, mode: 0o104755 } })).not.toBeNull();
    expect(sandboxProblem({ ...ubuntu, helperStat: null })!.reason).toContain(
      `${HELPER} is missing`,
    );
  });

  it('where the kernel turns user namespaces off, says which setting', () => {
    const debian = { ...ubuntu, apparmorRestrictsUserns: null, unprivilegedUsernsClone: '0' };
    expect(sandboxProblem(debian)!.reason).toContain('kernel.unprivileged_userns_clone is 0');
    expect(sandboxProblem(debian)!.fixes[1]).toContain(
      'sudo sysctl -w kernel.unprivileged_userns_clone=1',
    );
    const none = { ...ubuntu, apparmorRestrictsUserns: null, maxUserNamespaces: '0' };
    expect(sandboxProblem(none)!.reason).toContain('user.max_user_namespaces is 0');
  });

  it('yes, where user namespaces are open (Debian 12, Fedora, Arch)', () => {
    expect(
      sandboxProblem({ ...ubuntu, apparmorRestrictsUserns: null, unprivilegedUsernsClone: '1' }),
    ).toBeNull();
  });

  it('no, as root: Chromium runs as root only without its sandbox', () => {
    const problem = sandboxProblem({ ...ubuntu, uid: 0, helperStat: { uid: 0, mode: 0o104755 } });
    expect(problem!.reason).toContain('root');
    expect(problem!.fixes).toEqual(['Start LastToken as your own user, not as root or with sudo.']);
  });
});

const scratch = mkdtempSync(join(tmpdir(), 'lasttoken-sandbox-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.skipIf(process.platform !== 'linux')('the facts, read off this machine', () => {
  it('the helper’s owner and mode beside the binary, and the kernel’s settings', () => {
    const dist = join(scratch, 'dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'electron'), '');
    writeFileSync(join(dist, 'chrome-sandbox'), '');
    chmodSync(join(dist, 'chrome-sandbox'), 0o4755);
    const facts = sandboxFacts(join(dist, 'electron'));
    expect(facts.helper).toBe(join(dist, 'chrome-sandbox'));
    expect(facts.helperStat!.mode & 0o7777).toBe(0o4755);
    expect(facts.helperStat!.uid).toBe(process.getuid!());
    expect(facts.uid).toBe(process.getuid!());
    // Present on every Linux kernel with user namespaces.
    expect(facts.maxUserNamespaces).toMatch(/^\d+$/);
    expect(sandboxFacts(join(scratch, 'nowhere', 'electron')).helperStat).toBeNull();
  });

  it.runIf(process.getuid?.() === 0)(
    'as root, the script refuses with its explanation, exit 1',
    () => {
      const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'check-linux-sandbox.mjs')], {
        env: { ...process.env, ELECTRON_EXEC_PATH: join(scratch, 'dist', 'electron') },
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(
        /^LastToken: Electron's sandbox cannot start here: it was started as root/,
      );
    },
  );
});
