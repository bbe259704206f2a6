import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RUN_DEFAULTS,
  languageFor,
  readerPaceSetting,
  SettingsError,
  SettingsService,
  type SettingsStore,
} from '../../src/main/settings';

function memoryStore(initial: Record<string, unknown> = {}): SettingsStore & {
  values: Record<string, unknown>;
} {
  const values: Record<string, unknown> = structuredClone(initial);
  return {
    values,
    read: () => structuredClone(values),
    write: (changes) => Object.assign(values, structuredClone(changes)),
  };
}

const context = { databasePath: '/data/lasttoken.db', systemLocale: 'zh-Hans-CN' };

describe('settings', () => {
  it('start from the defaults, in the system language', () => {
    expect(new SettingsService(memoryStore(), context).get()).toEqual({
      language: 'zh-CN',
      theme: 'system',
      run_defaults: DEFAULT_RUN_DEFAULTS,
      reader_pace_tps: 8,
      database_path: '/data/lasttoken.db',
    });
    expect(languageFor('en-GB')).toBe('en');
    expect(languageFor(undefined)).toBe('en');
    expect(languageFor('zh-TW')).toBe('zh-CN');
  });

  it('keep what is changed and leave the rest', () => {
    const store = memoryStore();
    const settings = new SettingsService(store, context);
    const changed = settings.update({ theme: 'dark', run_defaults: { trials: 9, warmup: true } });
    expect(changed).toMatchObject({ theme: 'dark', language: 'zh-CN' });
    expect(changed.run_defaults).toEqual({ ...DEFAULT_RUN_DEFAULTS, trials: 9, warmup: true });
    expect(settings.update({ run_defaults: { prompt: 'Hi' } }).run_defaults).toMatchObject({
      trials: 9,
      prompt: 'Hi',
    });
    // The language stays the system's until one is chosen.
    expect(store.values).not.toHaveProperty('language');
  });

  it('refuse a value that cannot be used, naming the field, and store nothing', () => {
    const store = memoryStore();
    const settings = new SettingsService(store, context);
    expect(() => settings.update({ theme: 'light', run_defaults: { prompt: '   ' } })).toThrow(
      'the default prompt is not valid',
    );
    expect(store.values).toEqual({});
  });

  it('keep the rate-limit defaults, where 0 means never wait and never give up', () => {
    const settings = new SettingsService(memoryStore(), context);
    expect(settings.get().run_defaults).toMatchObject({
      max_retry_wait_ms: 60_000,
      give_up_after: 5,
    });
    expect(
      settings.update({ run_defaults: { max_retry_wait_ms: 0, give_up_after: 0 } }).run_defaults,
    ).toMatchObject({ max_retry_wait_ms: 0, give_up_after: 0 });
    expect(() => settings.update({ run_defaults: { give_up_after: 2.5 } })).toThrow(
      'the default give up after is not valid',
    );
    expect(() => settings.update({ run_defaults: { max_retry_wait_ms: -1 } })).toThrow(
      SettingsError,
    );
  });

  it('read a stored value that is no longer valid (another version wrote it) as its default', () => {
    const store = memoryStore({
      language: 'fr',
      theme: 42,
      run_defaults: { trials: -1, max_tokens: 64, deadline_ms: 'soon' },
      unknown_setting: true,
    });
    const view = new SettingsService(store, { databasePath: 'x' }).get();
    expect(view.language).toBe('en');
    expect(view.theme).toBe('system');
    expect(view.run_defaults).toEqual({ ...DEFAULT_RUN_DEFAULTS, max_tokens: 64 });
  });

  it('keep the reading pace of the reader metrics, refusing one no reader has', () => {
    const store = memoryStore();
    const settings = new SettingsService(store, context);
    expect(settings.update({ reader_pace_tps: 12.5 }).reader_pace_tps).toBe(12.5);
    // Another service on the same store reads it back: a round trip through the stored values.
    expect(new SettingsService(store, context).get().reader_pace_tps).toBe(12.5);
    expect(readerPaceSetting(store.values)).toBe(12.5);
    for (const pace of [0, -3, 5000, Number.NaN]) {
      expect(() => settings.update({ reader_pace_tps: pace })).toThrow(
        'the reading pace must be from 0.5 to 1000 tokens/s',
      );
    }
    expect(settings.get().reader_pace_tps).toBe(12.5);
    // A value another version stored that is not a pace reads as the default.
    expect(readerPaceSetting({ reader_pace_tps: 'fast' })).toBe(8);
  });
});
