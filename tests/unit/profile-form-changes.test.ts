// The profile form's pure decisions around saving and testing: what counts as
// an unsaved change (leaving then asks), how a connection test's outcome is
// worded (a key is said to work only when one was sent; nothing answering is
// no provider speaking), and which sentence a keychain refusal gets.

import { describe, expect, it } from 'vitest';
import type { ConnectionTest } from '../../src/shared/api';
import { ApiCallError } from '../../src/shared/api-client';
import { resources } from '../../src/shared/i18n/resources';
import { connectionTestText } from '../../src/renderer/src/pages/profiles/connection-test-text';
import { hasUnsavedChanges } from '../../src/renderer/src/pages/profiles/form-changes';
import {
  KEYCHAIN_CAUSES,
  keychainTroubleOf,
} from '../../src/renderer/src/pages/profiles/keychain-trouble';
import { draftOf } from '../../src/renderer/src/pages/profiles/profile-draft';

describe('unsaved changes', () => {
  const opened = draftOf(null, 2);

  it('are none in a form as it opened, and none after the same values are typed back', () => {
    expect(hasUnsavedChanges(opened, opened, '')).toBe(false);
    const edited = { ...opened, name: 'x' };
    expect(hasUnsavedChanges(opened, edited, '')).toBe(true);
    expect(hasUnsavedChanges(opened, { ...edited, name: '' }, '')).toBe(false);
  });

  it('are any field, nested ones too, and a key typed', () => {
    expect(
      hasUnsavedChanges(opened, { ...opened, timeouts: { ...opened.timeouts, stall_ms: '3' } }, ''),
    ).toBe(true);
    expect(
      hasUnsavedChanges(opened, { ...opened, params: { ...opened.params, seed: '1' } }, ''),
    ).toBe(true);
    expect(hasUnsavedChanges(opened, { ...opened, color: 3 }, '')).toBe(true);
    expect(hasUnsavedChanges(opened, { ...opened, proxy_password: 'p' }, '')).toBe(true);
    expect(hasUnsavedChanges(opened, opened, 'sk-typed')).toBe(true);
  });

  it('ignore rows left blank (saving drops them) but not a row with a name', () => {
    const blank = {
      ...opened,
      headers: [{ name: ' ', value: '' }],
      query: [{ name: '', value: '' }],
    };
    expect(hasUnsavedChanges(opened, blank, '')).toBe(false);
    expect(
      hasUnsavedChanges(opened, { ...opened, headers: [{ name: 'X-A', value: '' }] }, ''),
    ).toBe(true);
  });

  it('do not depend on the order of keys', () => {
    const { name, ...rest } = opened;
    expect(hasUnsavedChanges(opened, { ...rest, name }, '')).toBe(false);
  });
});

const RESULT: ConnectionTest = {
  status: 'ok',
  http_status: 200,
  ttft_ms: 30,
  total_ms: 90,
  message: null,
  answer: 'Hello',
  key_sent: true,
};

describe('a connection test in words', () => {
  it('says the key works only when a key was sent', () => {
    expect(connectionTestText(RESULT).meaning).toBe('profiles.test.okMeaning');
    expect(connectionTestText({ ...RESULT, key_sent: false }).meaning).toBe(
      'profiles.test.okWithoutKey',
    );
  });

  it('quotes the provider when it answered with an HTTP status', () => {
    expect(
      connectionTestText({ ...RESULT, status: 'http_error', http_status: 401, message: 'no' }),
    ).toEqual({
      messageLabel: 'profiles.test.providerSaid',
      meaning: 'profiles.test.failedMeaning',
    });
  });

  it('says the connection failed when nothing answered, never that a provider spoke', () => {
    for (const status of ['network_error', 'connect_timeout', 'idle_timeout'] as const) {
      expect(connectionTestText({ ...RESULT, status, http_status: null, message: 'x' })).toEqual({
        messageLabel: 'profiles.test.connectionFailed',
        meaning: 'profiles.test.connectionFailedMeaning',
      });
    }
    expect(
      connectionTestText({ ...RESULT, status: 'internal_error', http_status: null }).messageLabel,
    ).toBe('profiles.test.whatHappened');
  });

  it('uses keys both languages have', () => {
    const statuses = ['ok', 'http_error', 'network_error', 'internal_error'] as const;
    for (const status of statuses) {
      for (const key_sent of [true, false]) {
        const text = connectionTestText({ ...RESULT, status, key_sent, http_status: null });
        for (const key of [text.messageLabel, text.meaning]) {
          for (const language of ['en', 'zh-CN'] as const) {
            expect(lookUp(resources[language].translation, key), `${language} ${key}`).toEqual(
              expect.any(String),
            );
          }
        }
      }
    }
  });
});

describe('a keychain that cannot store the key', () => {
  const refusal = (key: string): ApiCallError =>
    new ApiCallError({
      code: 'keychain_unavailable',
      message: 'No keychain is available: … (The keychain said: Cannot autolaunch D-Bus)',
      text: {
        key: key as 'profiles.keychain_linux_no_dbus',
        values: { detail: 'Cannot autolaunch D-Bus' },
      },
    });

  it('gets its cause in one sentence and keeps the keychain’s own words apart', () => {
    expect(keychainTroubleOf(refusal('profiles.keychain_linux_no_dbus'))).toMatchObject({
      cause: 'missing',
      said: 'Cannot autolaunch D-Bus',
    });
    expect(keychainTroubleOf(refusal('profiles.keychain_macos_locked'))?.cause).toBe('locked');
    expect(keychainTroubleOf(refusal('profiles.keychain_linux_keyring_missing'))?.cause).toBe(
      'noKeyring',
    );
    expect(keychainTroubleOf(refusal('profiles.keychain_windows_error'))?.cause).toBe('refused');
  });

  it('is told apart from any other refusal', () => {
    expect(keychainTroubleOf(new ApiCallError({ code: 'invalid', message: 'x' }))).toBeNull();
    expect(keychainTroubleOf(new Error('x'))).toBeNull();
  });

  it('has its sentence in both languages', () => {
    for (const cause of KEYCHAIN_CAUSES) {
      for (const language of ['en', 'zh-CN'] as const) {
        expect(
          lookUp(resources[language].translation, `profiles.keychain.causes.${cause}`),
        ).toEqual(expect.any(String));
      }
    }
  });
});

function lookUp(tree: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        typeof node === 'object' && node !== null
          ? (node as Record<string, unknown>)[part]
          : undefined,
      tree,
    );
}
