// Main's messages for people, as keys: main raises a message as a key and its
// values; the CLI and logs read it in English, worded from the same catalogue
// the renderer shows in English, and the renderer words it in the reader's
// language (locales under `messages.<area>.<name>`). One catalogue file per
// area, in each language; tests/unit/i18n.test.ts keeps the two in step.

import enProfiles from './en/profiles.json';
import enRuns from './en/runs.json';
import zhProfiles from './zh-CN/profiles.json';
import zhRuns from './zh-CN/runs.json';

export const MESSAGES = {
  en: { profiles: enProfiles, runs: enRuns },
  'zh-CN': { profiles: zhProfiles, runs: zhRuns },
} as const;

type Catalogue = (typeof MESSAGES)['en'];
type Area = keyof Catalogue;

/** `area.name`: a message of the English catalogue. */
export type MessageKey = { [A in Area]: `${A}.${keyof Catalogue[A] & string}` }[Area];

export type MessageValues = Record<string, string | number>;

/** A message as data: what the renderer translates and the CLI words in English. */
export interface MessageText {
  key: MessageKey;
  values?: MessageValues;
}

/** The English words of a message, its `{{name}}` placeholders filled in. */
export function englishOf(text: MessageText): string {
  const [area, name] = text.key.split('.') as [Area, string];
  const template = (MESSAGES.en[area] as Record<string, string>)[name] ?? text.key;
  return template.replace(/{{\s*(\w+)\s*}}/g, (whole, value: string) =>
    text.values?.[value] === undefined ? whole : String(text.values[value]),
  );
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
