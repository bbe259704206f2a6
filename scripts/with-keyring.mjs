#!/usr/bin/env node
// Runs a command (the test suite) where a real OS keychain works, and never the
// developer's own keyring on Linux:
//
//   node scripts/with-keyring.mjs <command> [args...]
//   node scripts/with-keyring.mjs --check    prints {"usable", "message"}: does keytar work here?
//
// 1. Already inside a keychain this script prepared (LASTTOKEN_KEYCHAIN=real): run the command.
// 2. Linux with dbus-run-session and gnome-keyring-daemon: a private D-Bus session with a
//    throwaway, unlocked gnome-keyring whose files, HOME and XDG dirs live in a temporary
//    folder. The command runs in it with its own HOME and XDG variables given back; the
//    folder and the session's daemons are gone when the command ends. This is done even
//    when the session has a Secret Service already: a desktop's is the user's real login
//    keyring, and tests do not belong in it.
// 3. Otherwise (macOS, Windows, Linux without gnome-keyring), if keytar can store, read and
//    delete an entry in the session's keychain: run the command against that keychain.
// 4. Otherwise: run the command without one and say why, in LASTTOKEN_KEYCHAIN_UNAVAILABLE.
//
// The command gets LASTTOKEN_KEYCHAIN=real in cases 1-3. Keychain tests require it and fail
// with the reason otherwise: a machine without a keychain does not silently pass them.
// Exits with the command's exit code (or its signal).

import { spawn, spawnSync } from 'node:child_process';
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(import.meta.url);
const INSIDE = '--inside-keyring-session';
const KEYRING_PASSWORD = 'lasttoken-test-keyring';
/** Where --check writes its entry (the keychain store checks there too). */
const CHECK_SERVICE = 'LastToken keychain check';
const KEYCHAIN_VAR = 'LASTTOKEN_KEYCHAIN';
const UNAVAILABLE_VAR = 'LASTTOKEN_KEYCHAIN_UNAVAILABLE';
/** The throwaway folder; every process of the private session carries it in its environment. */
const DIR_VAR = 'LASTTOKEN_KEYRING_DIR';
/** The variables the private session replaces, as the command must see them again (JSON). */
const SAVED_VAR = 'LASTTOKEN_KEYRING_SAVED_ENV';
/**
 * Replaced (or removed) for the private session: its daemons keep their files in the
 * throwaway folder, find no other keyring daemon, and can show no prompt on a desktop.
 */
const SESSION_VARS = [
  'HOME',
  'XDG_DATA_HOME',
  'XDG_CONFIG_HOME',
  'XDG_CACHE_HOME',
  'XDG_RUNTIME_DIR',
  'DISPLAY',
  'WAYLAND_DISPLAY',
  'GNOME_KEYRING_CONTROL',
  'DBUS_SESSION_BUS_ADDRESS',
];
const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

function note(text) {
  process.stderr.write(`with-keyring: ${text}\n`);
}

function firstLine(error) {
  const text = error instanceof Error ? error.message : String(error);
  return text.split(/\r?\n/, 1)[0].trim() || 'no details';
}

function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return true;
    } catch {
      // not in this one
    }
  }
  return false;
}

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Stores, reads back and deletes one entry through keytar. */
async function checkKeychain() {
  let keytar;
  try {
    keytar = createRequire(import.meta.url)('keytar');
  } catch (error) {
    return { usable: false, message: `keytar could not be loaded: ${firstLine(error)}` };
  }
  const account = `check-${process.pid}`;
  try {
    await withTimeout(keytar.setPassword(CHECK_SERVICE, account, 'check'), 15_000, 'The keychain');
    const back = await withTimeout(
      keytar.getPassword(CHECK_SERVICE, account),
      15_000,
      'The keychain',
    );
    await withTimeout(keytar.deletePassword(CHECK_SERVICE, account), 15_000, 'The keychain');
    return back === 'check'
      ? { usable: true, message: null }
      : { usable: false, message: 'the keychain did not give back the entry just stored' };
  } catch (error) {
    return { usable: false, message: firstLine(error) };
  }
}

/** Runs argv with inherited stdio; resolves to how it ended. Signals sent to us go on to it. */
function run(argv, env) {
  return new Promise((resolve) => {
    const child = spawn(argv[0], argv.slice(1), {
      env,
      stdio: 'inherit',
      // npm puts node_modules/.bin on PATH; on Windows its entries are .cmd files.
      shell: process.platform === 'win32',
    });
    const stopForwarding = forwardSignals(() => child.pid);
    child.on('error', (error) => {
      stopForwarding();
      note(`cannot run ${argv[0]}: ${firstLine(error)}`);
      resolve({ code: 127, signal: null });
    });
    child.on('exit', (code, signal) => {
      stopForwarding();
      resolve({ code, signal });
    });
  });
}

/** Passes the signals we get on to the process `target()` names, until the returned stop(). */
function forwardSignals(target) {
  const handlers = FORWARDED_SIGNALS.map((signal) => {
    const handler = () => {
      const pid = target();
      if (pid === undefined) return;
      try {
        process.kill(pid, signal);
      } catch {
        // already gone
      }
    };
    process.on(signal, handler);
    return [signal, handler];
  });
  return () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
}

function exitLike({ code, signal }) {
  if (signal) {
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
}

/** Pids of the processes carrying the private session's marker (Linux /proc). */
function sessionProcesses(dir) {
  const marker = `\0${DIR_VAR}=${dir}\0`;
  const pids = [];
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return pids;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (`\0${readFileSync(`/proc/${entry}/environ`, 'latin1')}`.includes(marker)) {
        pids.push(Number(entry));
      }
    } catch {
      // gone, or not ours to read
    }
  }
  return pids;
}

/** Waits for the private session's daemons to leave (they do when its bus closes), then ends stragglers. */
async function endSession(dir) {
  const deadline = Date.now() + 5_000;
  let pids = sessionProcesses(dir);
  while (pids.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    pids = sessionProcesses(dir);
  }
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  if (pids.length > 0) await new Promise((resolve) => setTimeout(resolve, 200));
  rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}

/** Case 2: re-runs this script inside dbus-run-session, with the throwaway folder as HOME. */
async function privateSession(command) {
  const dir = mkdtempSync(join(tmpdir(), 'lasttoken-keyring-'));
  const home = join(dir, 'home');
  const sessionEnv = {
    HOME: home,
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_RUNTIME_DIR: join(dir, 'run'),
  };
  for (const path of Object.values(sessionEnv)) mkdirSync(path, { recursive: true, mode: 0o700 });
  const saved = Object.fromEntries(SESSION_VARS.map((name) => [name, process.env[name] ?? null]));
  const env = { ...process.env };
  for (const name of SESSION_VARS) delete env[name];
  Object.assign(env, sessionEnv, { [DIR_VAR]: dir, [SAVED_VAR]: JSON.stringify(saved) });

  note(`throwaway gnome-keyring in a private D-Bus session (${dir})`);
  const pidFile = join(dir, 'inner.pid');
  let result;
  let innerStarted;
  try {
    result = await new Promise((resolve) => {
      const child = spawn(
        'dbus-run-session',
        ['--', process.execPath, SCRIPT, INSIDE, ...command],
        {
          env,
          stdio: 'inherit',
        },
      );
      // Signals go to this script's second run inside the session, which passes them on to
      // the command (dbus-run-session does not); before it has started, to dbus-run-session.
      const stopForwarding = forwardSignals(() => {
        try {
          return Number(readFileSync(pidFile, 'utf8'));
        } catch {
          return child.pid;
        }
      });
      child.on('error', (error) => {
        stopForwarding();
        resolve({ code: null, signal: null, error });
      });
      child.on('exit', (code, signal) => {
        stopForwarding();
        resolve({ code, signal });
      });
    });
    innerStarted = existsSync(pidFile);
  } finally {
    await endSession(dir);
  }
  if (innerStarted) return result;
  // dbus-run-session itself failed: the command has not run yet.
  const why = result.error ? firstLine(result.error) : `exit ${result.code ?? result.signal}`;
  return runWithout(command, `dbus-run-session failed (${why})`);
}

/** Waits (up to 5 s) until org.freedesktop.secrets has an owner, if dbus-send can tell. */
async function secretServiceOnBus() {
  if (!onPath('dbus-send')) return;
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const reply = spawnSync(
      'dbus-send',
      [
        '--session',
        '--print-reply',
        '--dest=org.freedesktop.DBus',
        '/org/freedesktop/DBus',
        'org.freedesktop.DBus.NameHasOwner',
        'string:org.freedesktop.secrets',
      ],
      { encoding: 'utf8', timeout: 5_000 },
    );
    if (reply.status !== 0 || /boolean true/.test(reply.stdout)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Inside the private session: start and unlock gnome-keyring, then run the command. */
async function insideSession(command) {
  const dir = process.env[DIR_VAR];
  writeFileSync(join(dir, 'inner.pid'), String(process.pid));
  const logPath = join(dir, 'gnome-keyring.log');
  const log = openSync(logPath, 'w');
  // The daemon forks and keeps running: its output goes to a file, not to a pipe we would wait on.
  const started = spawnSync('gnome-keyring-daemon', ['--unlock', '--components=secrets'], {
    input: KEYRING_PASSWORD,
    stdio: ['pipe', log, log],
    timeout: 20_000,
  });
  closeSync(log);
  // `--unlock` returns before the forked daemon owns its bus name; a request before then would
  // make D-Bus start a second daemon (which hands over to the first, noisily).
  if (started.status === 0) await secretServiceOnBus();
  let unavailable;
  if (started.status !== 0) {
    const output = readFileSync(logPath, 'utf8').trim().split('\n').slice(-3).join(' / ');
    unavailable = `gnome-keyring-daemon --unlock failed (${started.error ? firstLine(started.error) : `exit ${started.status ?? started.signal}`}): ${output}`;
  } else {
    const check = await checkKeychain();
    if (!check.usable) unavailable = `the throwaway gnome-keyring does not work: ${check.message}`;
  }

  const env = { ...process.env };
  const saved = JSON.parse(process.env[SAVED_VAR] ?? '{}');
  for (const [name, value] of Object.entries(saved)) {
    if (name === 'DBUS_SESSION_BUS_ADDRESS') continue; // the private bus, kept
    if (value === null) delete env[name];
    else env[name] = value;
  }
  delete env[DIR_VAR];
  delete env[SAVED_VAR];
  if (unavailable) {
    note(unavailable);
    env[UNAVAILABLE_VAR] = unavailable;
  } else {
    env[KEYCHAIN_VAR] = 'real';
  }
  exitLike(await run(command, env));
}

function runWithout(command, why) {
  note(`no keychain for the tests: ${why}. Keychain tests will fail.`);
  const env = { ...process.env, [UNAVAILABLE_VAR]: why };
  delete env[KEYCHAIN_VAR];
  return run(command, env);
}

async function main(args) {
  if (args[0] === '--check') {
    const check = await checkKeychain();
    process.stdout.write(`${JSON.stringify(check)}\n`);
    process.exit(check.usable ? 0 : 1);
  }
  if (args[0] === INSIDE) return insideSession(args.slice(1));
  if (args.length === 0 || args[0].startsWith('-')) {
    note('usage: node scripts/with-keyring.mjs <command> [args...] | --check');
    process.exit(2);
  }
  if (process.env[KEYCHAIN_VAR] === 'real') return exitLike(await run(args, process.env));

  const missing = ['dbus-run-session', 'gnome-keyring-daemon'].filter((name) => !onPath(name));
  if (process.platform === 'linux' && missing.length === 0) {
    return exitLike(await privateSession(args));
  }
  const check = await checkKeychain();
  if (check.usable) {
    note("using this session's own keychain (tests add entries under random ids and remove them)");
    return exitLike(await run(args, { ...process.env, [KEYCHAIN_VAR]: 'real' }));
  }
  const why =
    process.platform === 'linux'
      ? `${missing.join(' and ')} not found (Debian/Ubuntu: apt install dbus gnome-keyring), ` +
        `and this session's keychain does not work: ${check.message}`
      : `this session's keychain does not work: ${check.message}`;
  return exitLike(await runWithout(args, why));
}

await main(process.argv.slice(2));
