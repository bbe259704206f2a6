// keytar passes on the OS keychain's own error text, which tells a user little
// ("Cannot autolaunch D-Bus without X11 $DISPLAY"). Each cause gets one message
// here that says what is wrong and what to do, with the keychain's own words
// kept at the end for whoever debugs it. None of them ever contains the key.

import { englishOf, type MessageKey, type MessageText, type Worded } from '../../shared/messages';

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

// What still works, said after the cause (with the CLI's flags: the form says it its own way).
const AFTER: Record<KeychainSecret, MessageKey> = {
  // A profile that keeps no key in the keychain never asks it.
  'api-key': 'profiles.keychain_after_api_key',
  // The environment's proxy is read with its credentials, and never stored.
  'proxy-credentials': 'profiles.keychain_after_proxy',
};

const LINUX_MESSAGES: Record<KeychainFailureReason, MessageKey> = {
  'no-dbus': 'profiles.keychain_linux_no_dbus',
  'no-secret-service': 'profiles.keychain_linux_no_secret_service',
  'keyring-missing': 'profiles.keychain_linux_keyring_missing',
  'keyring-locked': 'profiles.keychain_linux_keyring_locked',
  'module-unavailable': 'profiles.keychain_linux_module_unavailable',
  'keychain-error': 'profiles.keychain_linux_error',
};

type OwnMessages = Partial<Record<KeychainFailureReason, MessageKey>> & {
  'keychain-error': MessageKey;
};

const MACOS_MESSAGES: OwnMessages = {
  'keyring-locked': 'profiles.keychain_macos_locked',
  'module-unavailable': 'profiles.keychain_module_unavailable',
  'keychain-error': 'profiles.keychain_macos_error',
};

const WINDOWS_MESSAGES: OwnMessages = {
  'module-unavailable': MACOS_MESSAGES['module-unavailable'],
  'keychain-error': 'profiles.keychain_windows_error',
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

/**
 * A keychain that cannot store or read keys right now. The message is safe to
 * show anywhere: the cause, what still works, and the keychain's own words.
 * `text` is the cause alone, for the renderer to say in the reader's
 * language; its `detail` value is the keychain's words.
 */
export class KeychainUnavailableError extends Error implements Worded {
  override name = 'KeychainUnavailableError';
  readonly text: MessageText;
  constructor(
    readonly reason: KeychainFailureReason,
    /** The keychain's (or module loader's) own words, with any key removed. */
    readonly detail: string,
    private readonly platform: NodeJS.Platform = process.platform,
    secret: KeychainSecret = 'api-key',
  ) {
    super(
      `${keychainMessage(reason, platform, secret)} ${englishOf({ key: 'profiles.keychain_said', values: { detail } })}`,
    );
    this.text = { key: causeKey(reason, platform), values: { detail } };
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

function causeKey(reason: KeychainFailureReason, platform: NodeJS.Platform): MessageKey {
  const table =
    platform === 'darwin' ? MACOS_MESSAGES : platform === 'win32' ? WINDOWS_MESSAGES : undefined;
  // The Linux-only causes (D-Bus, Secret Service) never occur on macOS or Windows.
  return table ? (table[reason] ?? table['keychain-error']) : LINUX_MESSAGES[reason];
}

/** The message for a cause: what is wrong, and what to do about it. */
export function keychainMessage(
  reason: KeychainFailureReason,
  platform: NodeJS.Platform = process.platform,
  secret: KeychainSecret = 'api-key',
): string {
  return `${englishOf({ key: causeKey(reason, platform) })} ${englishOf({ key: AFTER[secret] })}`;
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
