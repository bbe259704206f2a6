#!/usr/bin/env node
// Before `npm start` and `npm run dev` launch Electron on Linux: will
// Chromium's sandbox start? The window's renderer is always sandboxed
// (src/main/index.ts), and Chromium needs one of two things for it: user
// namespaces an unprivileged process may create (the namespace sandbox), or
// chrome-sandbox beside the binary owned by root with mode 4755 (the setuid
// sandbox). With neither, as on Ubuntu 23.10 and later, whose AppArmor
// restricts unprivileged user namespaces, Electron aborts before any window
// with a line about chrome-sandbox that does not say why. So this says why,
// and the two ways to fix it; it never turns the sandbox off. Root is refused
// too: Chromium runs as root only without its sandbox.
//
// Exit 0 when the sandbox can start (or on another OS, or with no Electron
// binary to check), 1 with the explanation otherwise.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { electronPackage, installedElectron } from './electron-binary.mjs';

const APPARMOR_DIR = '/etc/apparmor.d';

/** What the decision reads off the machine. */
export function sandboxFacts(binary) {
  const helper = join(dirname(binary), 'chrome-sandbox');
  const sysctl = (path) => {
    try {
      return readFileSync(path, 'utf8').trim();
    } catch {
      return null;
    }
  };
  let helperStat = null;
  try {
    const stat = statSync(helper);
    helperStat = { uid: stat.uid, mode: stat.mode };
  } catch {
    // no helper: only the namespace sandbox can work
  }
  const apparmorRestrictsUserns = sysctl('/proc/sys/kernel/apparmor_restrict_unprivileged_userns');
  return {
    binary,
    helper,
    uid: process.getuid?.() ?? null,
    helperStat,
    unprivilegedUsernsClone: sysctl('/proc/sys/kernel/unprivileged_userns_clone'),
    maxUserNamespaces: sysctl('/proc/sys/user/max_user_namespaces'),
    apparmorRestrictsUserns,
    // Every start reads this: the profiles are read only where the restriction makes them matter.
    apparmorProfileNamesBinary: apparmorRestrictsUserns === '1' && apparmorProfileNames(binary),
  };
}

/** Whether a profile in /etc/apparmor.d names the binary (the way to grant it user namespaces). */
function apparmorProfileNames(binary) {
  if (!existsSync(APPARMOR_DIR)) return false;
  try {
    return readdirSync(APPARMOR_DIR, { withFileTypes: true }).some((entry) => {
      if (!entry.isFile()) return false;
      try {
        return readFileSync(join(APPARMOR_DIR, entry.name), 'utf8').includes(binary);
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

/** The setuid helper works when root owns it and it is setuid and executable by all (4755). */
function setuidHelperWorks(stat) {
  return (
    stat !== null && stat.uid === 0 && (stat.mode & 0o4000) !== 0 && (stat.mode & 0o755) === 0o755
  );
}

/**
 * Why the sandbox cannot start, with what to do, or null when it can.
 * Pure: the facts come from sandboxFacts.
 */
export function sandboxProblem(facts) {
  if (facts.uid === 0) {
    return {
      reason: 'it was started as root, and Chromium runs as root only with its sandbox turned off',
      fixes: ['Start LastToken as your own user, not as root or with sudo.'],
    };
  }
  if (setuidHelperWorks(facts.helperStat)) return null;
  const blocked = [];
  if (facts.unprivilegedUsernsClone === '0') blocked.push('kernel.unprivileged_userns_clone is 0');
  if (facts.maxUserNamespaces === '0') blocked.push('user.max_user_namespaces is 0');
  if (facts.apparmorRestrictsUserns === '1' && !facts.apparmorProfileNamesBinary) {
    blocked.push(
      'AppArmor restricts unprivileged user namespaces (kernel.apparmor_restrict_unprivileged_userns = 1) ' +
        'and no profile in /etc/apparmor.d allows them for this Electron',
    );
  }
  if (blocked.length === 0) return null;
  const helperState =
    facts.helperStat === null
      ? `${facts.helper} is missing`
      : `${facts.helper} is not owned by root with mode 4755`;
  const profileName = 'lasttoken-electron';
  return {
    reason: `user namespaces are not available to it (${blocked.join('; ')}), and ${helperState}`,
    fixes: [
      `Make the setuid sandbox helper work (again after each reinstall of Electron): ` +
        `sudo chown root:root '${facts.helper}' && sudo chmod 4755 '${facts.helper}'`,
      facts.apparmorRestrictsUserns === '1'
        ? `Or let this Electron create user namespaces with an AppArmor profile: ` +
          `printf '%s\\n' 'abi <abi/4.0>,' 'include <tunables/global>' ` +
          `'profile ${profileName} "${facts.binary}" flags=(unconfined) {' '  userns,' '}' ` +
          `| sudo tee /etc/apparmor.d/${profileName} && sudo apparmor_parser -r /etc/apparmor.d/${profileName}`
        : `Or allow unprivileged user namespaces: sudo sysctl -w ` +
          (facts.unprivilegedUsernsClone === '0'
            ? 'kernel.unprivileged_userns_clone=1'
            : 'user.max_user_namespaces=10000'),
    ],
  };
}

/** The explanation printed before exiting 1. */
export function describeProblem(problem) {
  return [
    `LastToken: Electron's sandbox cannot start here: ${problem.reason}. ` +
      'Chromium would abort before opening the window, and LastToken does not run without its sandbox.',
    ...problem.fixes.map((fix) => `  ${fix}`),
    '  Or use the browser mode, which needs no Electron: npm run web',
  ].join('\n');
}

function electronBinary() {
  if (process.env.ELECTRON_EXEC_PATH) return process.env.ELECTRON_EXEC_PATH;
  try {
    return installedElectron(electronPackage(import.meta.url));
  } catch {
    return null;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.platform === 'linux') {
  const binary = electronBinary();
  const problem = binary === null ? null : sandboxProblem(sandboxFacts(binary));
  if (problem !== null) {
    console.error(describeProblem(problem));
    process.exit(1);
  }
}
