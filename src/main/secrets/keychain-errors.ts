// keytar passes on the OS keychain's own error text, which tells a user little
// ("Cannot autolaunch D-Bus without X11 $DISPLAY"). Each cause gets one message
// here that says what is wrong and what to do, with the keychain's own words
// kept at the end for whoever debugs it. None of them ever contains the key.

export type KeychainFailureReason =
  /** Linux: no D-Bus session bus to reach the Secret Service over. */
  | 'no-dbus'
  /** Linux: a session bus, but nothing on it provides org.freedesktop.secrets. */
  | 'no-secret-service'
  /** Linux: the Secret Service runs but has no default (login) keyring. */
  | 'keyring-missing'
  /** The keyring / keychain is locked and could not be unlocked. */
  | 'keyring-locked'
  /** keytar's native module could not be loaded. */
  | 'module-unavailable'
  /** Any other refusal of the OS keychain. */
  | 'keychain-error';

/** The secret the keychain was asked for: what works without a keychain depends on it. */
export type KeychainSecret = 'api-key' | 'proxy-credentials';

// What still works, said after the cause.
const AFTER: Record<KeychainSecret, string> = {
  // A profile that keeps no key in the keychain never asks it.
  'api-key':
    'Profiles that keep no key in the keychain still work, and a profile can take its key ' +
    'from an environment variable instead (lasttoken profile edit ID --key-env VAR).',
  // The environment's proxy is read with its credentials, and never stored.
  'proxy-credentials':
    "A proxy's user name and password are kept in the keychain too, like API keys, so the " +
    'profile was not saved with them. To use this proxy without a keychain, leave --proxy out ' +
    "(the profile then takes the environment's proxy) and give it, credentials included, in the " +
    'environment of each run: HTTPS_PROXY=http://USER:PASSWORD@HOST:PORT.',
};

const LINUX_MESSAGES: Record<KeychainFailureReason, string> = {
  'no-dbus':
    'No keychain is available: LastToken stores API keys in the Secret Service ' +
    '(GNOME Keyring / KWallet) over D-Bus, and this session has no D-Bus session bus. ' +
    'Start a desktop session, or run with `dbus-run-session` and an unlocked gnome-keyring ' +
    '(`echo -n PASSWORD | gnome-keyring-daemon --unlock --components=secrets`).',
  'no-secret-service':
    'No keychain is available: LastToken stores API keys in the Secret Service over D-Bus, ' +
    'and no Secret Service (GNOME Keyring or KWallet) is running in this session. ' +
    'Install and start gnome-keyring (Debian/Ubuntu: `apt install gnome-keyring`), ' +
    'or enable the Secret Service of KWallet or KeePassXC.',
  'keyring-missing':
    'The keychain has no default keyring: the Secret Service is running, but its login ' +
    'keyring does not exist yet and no prompt to create it could be shown. Create it in ' +
    'Passwords and Keys (Seahorse) in a desktop session, or in a terminal with ' +
    '`echo -n PASSWORD | gnome-keyring-daemon --replace --unlock --components=secrets`.',
  'keyring-locked':
    'The keychain is locked: LastToken stores API keys in your login keyring, which is locked ' +
    'and could not be unlocked (no unlock prompt could be shown, or it was dismissed). ' +
    'Unlock it in a desktop session (Passwords and Keys / Seahorse), or in a terminal with ' +
    '`echo -n PASSWORD | gnome-keyring-daemon --replace --unlock --components=secrets`.',
  'module-unavailable':
    "No keychain is available: LastToken's keychain module (keytar) could not be loaded. " +
    'Reinstall the dependencies (`npm install`); keytar needs the libsecret-1 library ' +
    '(Debian/Ubuntu: `apt install libsecret-1-0`).',
  'keychain-error':
    'The keychain refused the request: the Secret Service (GNOME Keyring / KWallet) reported ' +
    'an error. Check that it is running and that the login keyring is unlocked.',
};

type OwnMessages = Partial<Record<KeychainFailureReason, string>> & { 'keychain-error': string };

const MACOS_MESSAGES: OwnMessages = {
  'keyring-locked':
    'The keychain is locked: LastToken stores API keys in your macOS login keychain, which is ' +
    'locked and could not be unlocked here. Unlock it in Keychain Access (or run ' +
    '`security unlock-keychain`), then try again.',
  'module-unavailable':
    "No keychain is available: LastToken's keychain module (keytar) could not be loaded. " +
    'Reinstall the dependencies (`npm install`).',
  'keychain-error':
    'The macOS Keychain refused the request. Check that your login keychain is unlocked ' +
    'and that LastToken may use it (Keychain Access), then try again.',
};

const WINDOWS_MESSAGES: OwnMessages = {
  'module-unavailable': MACOS_MESSAGES['module-unavailable'],
  'keychain-error':
    'Windows Credential Manager refused the request. Check that Credential Manager is ' +
    'available for your account, then try again.',
};

/** What the keychain says, from the most specific cause to the least. */
const LINUX_PATTERNS: [RegExp, KeychainFailureReason][] = [
  [/\blocked\b|prompt (was )?dismissed/i, 'keyring-locked'],
  [
    /Object does not exist at path\b.*\/collection\/|No such object path\b.*\/aliases\//i,
    'keyring-missing',
  ],
  [
    /org\.freedesktop\.secrets\b.*(not provided|exited|failed)|ServiceUnknown|(not provided|exited|failed).*org\.freedesktop\.secrets\b/i,
    'no-secret-service',
  ],
  [
    /autolaunch D-Bus|Could not connect|DBUS_SESSION_BUS_ADDRESS|Failed to connect to socket|dbus-launch|Connection refused|Address does not contain a colon|Unknown or unsupported transport/i,
    'no-dbus',
  ],
];

const MACOS_PATTERNS: [RegExp, KeychainFailureReason][] = [
  [/locked|User interaction is not allowed/i, 'keyring-locked'],
];

/** A keychain that cannot store or read keys right now. The message is safe to show anywhere. */
export class KeychainUnavailableError extends Error {
  override name = 'KeychainUnavailableError';
  constructor(
    readonly reason: KeychainFailureReason,
    /** The keychain's (or module loader's) own words, with any key removed. */
    readonly detail: string,
    private readonly platform: NodeJS.Platform = process.platform,
    secret: KeychainSecret = 'api-key',
  ) {
    super(`${keychainMessage(reason, platform, secret)} (The keychain said: ${detail})`);
  }

  /** The same failure, said of a proxy's credentials (what to do without a keychain differs). */
  forProxyCredentials(): KeychainUnavailableError {
    return new KeychainUnavailableError(
      this.reason,
      this.detail,
      this.platform,
      'proxy-credentials',
    );
  }
}

/** The message for a cause: what is wrong, and what to do about it. */
export function keychainMessage(
  reason: KeychainFailureReason,
  platform: NodeJS.Platform = process.platform,
  secret: KeychainSecret = 'api-key',
): string {
  const table =
    platform === 'darwin' ? MACOS_MESSAGES : platform === 'win32' ? WINDOWS_MESSAGES : undefined;
  // The Linux-only causes (D-Bus, Secret Service) never occur on macOS or Windows.
  const cause = table ? (table[reason] ?? table['keychain-error']) : LINUX_MESSAGES[reason];
  return `${cause} ${AFTER[secret]}`;
}

/** Which cause a keychain error text names. */
export function classifyKeychainError(
  text: string,
  platform: NodeJS.Platform = process.platform,
): KeychainFailureReason {
  const patterns =
    platform === 'darwin' ? MACOS_PATTERNS : platform === 'win32' ? [] : LINUX_PATTERNS;
  return patterns.find(([pattern]) => pattern.test(text))?.[1] ?? 'keychain-error';
}

function errorText(error: unknown): string {
  const text =
    error instanceof Error ? error.message : typeof error === 'string' ? error : String(error);
  // One line is enough to recognise the cause; a loader's message can run on for a page.
  const firstLine = text.split(/\r?\n/, 1)[0]?.trim() ?? '';
  return firstLine.length > 0 ? firstLine : 'no details';
}

/** `text` with every occurrence of `secret` replaced, for texts that could echo the key. */
function withoutSecret(text: string, secret: string | undefined): string {
  return secret ? text.split(secret).join('[redacted]') : text;
}

export interface KeychainFailureOptions {
  platform?: NodeJS.Platform;
  /** The key involved, if any: removed from the detail should the keychain echo it. */
  secret?: string;
}

/** Turns whatever keytar threw into one KeychainUnavailableError with a clear message. */
export function keychainFailure(
  error: unknown,
  options: KeychainFailureOptions = {},
): KeychainUnavailableError {
  if (error instanceof KeychainUnavailableError) return error;
  const platform = options.platform ?? process.platform;
  const detail = withoutSecret(errorText(error), options.secret);
  return new KeychainUnavailableError(classifyKeychainError(detail, platform), detail, platform);
}

/** The error for a keytar that could not be loaded (missing, built for another ABI, no libsecret). */
export function keychainModuleUnavailable(
  error: unknown,
  platform: NodeJS.Platform = process.platform,
): KeychainUnavailableError {
  return new KeychainUnavailableError('module-unavailable', errorText(error), platform);
}
