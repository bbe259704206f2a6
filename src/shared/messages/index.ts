// Main's messages for people, as keys: main raises a message as a key and its
// values; the CLI and logs read it in English, worded from the same catalogue
// the renderer shows in English, and the renderer words it in the reader's
// language (locales under `messages.<area>.<name>`). One catalogue file per
// area, in each language; tests/unit/i18n.test.ts keeps the two in step.

import enApp from './en/app.json';
import enFiles from './en/files.json';
import enProbe from './en/probe.json';
import enProfiles from './en/profiles.json';
import enRuns from './en/runs.json';
import enSettings from './en/settings.json';
import enStore from './en/store.json';
import zhApp from './zh-CN/app.json';
import zhFiles from './zh-CN/files.json';
import zhProbe from './zh-CN/probe.json';
import zhProfiles from './zh-CN/profiles.json';
import zhRuns from './zh-CN/runs.json';
import zhSettings from './zh-CN/settings.json';
import zhStore from './zh-CN/store.json';

export const MESSAGES = {
  en: {
    app: enApp,
    files: enFiles,
    probe: enProbe,
    profiles: enProfiles,
    runs: enRuns,
    settings: enSettings,
    store: enStore,
  },
  'zh-CN': {
    app: zhApp,
    files: zhFiles,
    probe: zhProbe,
    profiles: zhProfiles,
    runs: zhRuns,
    settings: zhSettings,
    store: zhStore,
  },
} as const;

type Catalogue = (typeof MESSAGES)['en'];
type Area = keyof Catalogue;

/** `area.name`: a message of the English catalogue. */
export type MessageKey = { [A in Area]: `${A}.${keyof Catalogue[A] & string}` }[Area];

/**
 * A placeholder's value: a name, a number, or a message of its own (a reason
 * inside "cannot import {{path}}: {{reason}}"), worded in the same language.
 */
export type MessageValue = string | number | MessageText;
export type MessageValues = Record<string, MessageValue>;

/** A message as data: what the renderer translates and the CLI words in English. */
export interface MessageText {
  key: MessageKey;
  values?: MessageValues;
}

/** The values with each nested message worded by `word`: what a template is filled with. */
export function wordedValues(
  values: MessageValues | undefined,
  word: (text: MessageText) => string,
): Record<string, string | number> | undefined {
  if (values === undefined) return undefined;
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'object' ? word(value) : value,
    ]),
  );
}

/** Whether `key` names a message of this build's catalogue (a file may carry one from another build). */
export function isMessageKey(key: string): key is MessageKey {
  const [area, name, ...rest] = key.split('.');
  if (
    area === undefined ||
    name === undefined ||
    rest.length > 0 ||
    !Object.hasOwn(MESSAGES.en, area)
  ) {
    return false;
  }
  return Object.hasOwn(MESSAGES.en[area as Area], name);
}

/** A message's words in a language, its `{{name}}` placeholders filled in: what main itself shows (a dialog). */
export function wordsOf(text: MessageText, language: keyof typeof MESSAGES): string {
  const [area, name] = text.key.split('.') as [Area, string];
  const template = (MESSAGES[language][area] as Record<string, string>)[name] ?? text.key;
  const values = wordedValues(text.values, (inner) => wordsOf(inner, language));
  return template.replace(/{{\s*(\w+)\s*}}/g, (whole, value: string) =>
    values?.[value] === undefined ? whole : String(values[value]),
  );
}

/** The English words of a message: the CLI's and the logs'. */
export function englishOf(text: MessageText): string {
  return wordsOf(text, 'en');
}

/**
 * An error for people: `message` is its English; one worded from the
 * catalogue also keeps its key and values (`text`) for the renderer, one given
 * as plain words (a library's own message) has none.
 */
export class WordedError extends Error {
  readonly text: MessageText | undefined;
  constructor(message: string | MessageText, options?: ErrorOptions) {
    super(typeof message === 'string' ? message : englishOf(message), options);
    this.text = typeof message === 'string' ? undefined : message;
  }
}

/** An error whose message is a catalogue message: `message` is its English words. */
export interface Worded {
  readonly text: MessageText;
}

export function isWorded(error: unknown): error is Error & Worded {
  return (
    error instanceof Error &&
    typeof (error as Partial<Worded>).text === 'object' &&
    (error as Partial<Worded>).text !== null
  );
}
