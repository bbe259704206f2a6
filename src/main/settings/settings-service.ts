// The app's settings: what each means, its default, and the check every
// stored value passes before it is used. The database keeps them one JSON
// value per key (SettingsRepository); a value that is missing, from an older
// or newer LastToken, or no longer valid, reads as its default instead of
// failing the app.

import {
  LANGUAGES,
  THEMES,
  type Language,
  type RunDefaults,
  type Settings,
  type SettingsView,
  type Theme,
} from '../../shared/api';
import {
  DEFAULT_GIVE_UP_AFTER,
  DEFAULT_MAX_RETRY_WAIT_MS,
  DEFAULT_MAX_TOKENS,
  DEFAULT_PROMPT,
  DEFAULT_RUN_LIMITS,
  DEFAULT_TRIALS,
  MAX_RETRY_WAIT_MS,
  MAX_TOKENS,
  MAX_TRIALS,
} from '../../shared/run';
import {
  DEFAULT_READER_PACE_TPS,
  isReaderPace,
  MAX_READER_PACE_TPS,
  MIN_READER_PACE_TPS,
} from '../../shared/reader';
import { WordedError, type MessageText } from '../../shared/messages';

export interface SettingsStore {
  read(): Record<string, unknown>;
  write(values: Record<string, unknown>): void;
}

export interface SettingsPatch {
  language?: Language;
  theme?: Theme;
  run_defaults?: Partial<RunDefaults>;
  reader_pace_tps?: number;
}

export const DEFAULT_RUN_DEFAULTS: RunDefaults = {
  trials: DEFAULT_TRIALS,
  max_tokens: DEFAULT_MAX_TOKENS,
  prompt: DEFAULT_PROMPT,
  connect_timeout_ms: DEFAULT_RUN_LIMITS.connect_timeout_ms,
  idle_timeout_ms: DEFAULT_RUN_LIMITS.idle_timeout_ms,
  stall_ms: DEFAULT_RUN_LIMITS.stall_ms,
  deadline_ms: DEFAULT_RUN_LIMITS.deadline_ms,
  warmup: false,
  max_retry_wait_ms: DEFAULT_MAX_RETRY_WAIT_MS,
  give_up_after: DEFAULT_GIVE_UP_AFTER,
};

const MAX_MS = 86_400_000;

const isWhole = (value: unknown, max: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= max;
const isMs = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= MAX_MS;

/** Each default field's check: a stored value that fails it reads as the default. */
const RUN_DEFAULT_CHECKS: { [K in keyof RunDefaults]: (value: unknown) => boolean } = {
  trials: (v) => isWhole(v, MAX_TRIALS),
  max_tokens: (v) => isWhole(v, MAX_TOKENS),
  prompt: (v) => typeof v === 'string' && v.trim() !== '',
  connect_timeout_ms: isMs,
  idle_timeout_ms: isMs,
  stall_ms: isMs,
  deadline_ms: isMs,
  warmup: (v) => typeof v === 'boolean',
  // Zero is a choice here: never wait, never give up.
  max_retry_wait_ms: (v) =>
    typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= MAX_RETRY_WAIT_MS,
  give_up_after: (v) => v === 0 || isWhole(v, MAX_TRIALS),
};

/** The reading pace setting among the stored values (the CLI reads it too): the default when unset or invalid. */
export function readerPaceSetting(stored: Record<string, unknown>): number {
  const pace = stored['reader_pace_tps'];
  return isReaderPace(pace) ? pace : DEFAULT_READER_PACE_TPS;
}

/** The language to start in: Chinese for a Chinese system, else English. */
export function languageFor(locale: string | undefined): Language {
  return locale?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

function oneOf<T extends string>(choices: readonly T[], value: unknown): T | undefined {
  return choices.find((choice) => choice === value);
}

export class SettingsError extends WordedError {
  override readonly name = 'SettingsError';
  constructor(
    readonly field: string,
    message: MessageText,
  ) {
    super(message);
  }
}

export class SettingsService {
  constructor(
    private readonly store: SettingsStore,
    private readonly context: { databasePath: string; systemLocale?: string | undefined },
  ) {}

  get(): SettingsView {
    const stored = this.store.read();
    const defaults = (stored['run_defaults'] ?? {}) as Record<string, unknown>;
    const run_defaults = { ...DEFAULT_RUN_DEFAULTS };
    for (const field of Object.keys(RUN_DEFAULT_CHECKS) as (keyof RunDefaults)[]) {
      const value = defaults[field];
      if (RUN_DEFAULT_CHECKS[field](value)) Object.assign(run_defaults, { [field]: value });
    }
    return {
      language: oneOf(LANGUAGES, stored['language']) ?? languageFor(this.context.systemLocale),
      theme: oneOf(THEMES, stored['theme']) ?? 'system',
      run_defaults,
      reader_pace_tps: readerPaceSetting(stored),
      database_path: this.context.databasePath,
    };
  }

  /** Changes what the patch sets, checked field by field; answers the settings as they now are. */
  update(patch: SettingsPatch): SettingsView {
    const current = this.get();
    const changes: Partial<Settings> = {};
    if (patch.language !== undefined) changes.language = patch.language;
    if (patch.theme !== undefined) changes.theme = patch.theme;
    if (patch.run_defaults !== undefined) {
      for (const [field, value] of Object.entries(patch.run_defaults)) {
        if (value === undefined) continue;
        if (!RUN_DEFAULT_CHECKS[field as keyof RunDefaults](value)) {
          throw new SettingsError(`run_defaults.${field}`, {
            key: 'settings.run_default_invalid',
            values: { field: field.replace(/_/g, ' ') },
          });
        }
      }
      changes.run_defaults = { ...current.run_defaults, ...patch.run_defaults };
    }
    if (patch.reader_pace_tps !== undefined) {
      if (!isReaderPace(patch.reader_pace_tps)) {
        throw new SettingsError('reader_pace_tps', {
          key: 'settings.reader_pace',
          values: { min: MIN_READER_PACE_TPS, max: MAX_READER_PACE_TPS },
        });
      }
      changes.reader_pace_tps = patch.reader_pace_tps;
    }
    this.store.write(changes);
    return this.get();
  }
}
