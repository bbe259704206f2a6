// Why a profile stopped, in words: a catalogue message for the renderer to say
// in its reader's language, and its English for the CLI and the logs, both
// with the run's secrets taken out (an error may quote what it was sending).

import {
  englishOf,
  isWorded,
  type MessageText,
  type MessageValue,
  type MessageValues,
} from '../../shared/messages';
import { redactSecrets } from '../probe/redact';
import { messageOf } from './message-of';

export interface FailureWords {
  message: string;
  text: MessageText;
}

type Secrets = readonly (string | undefined)[];

/** What was thrown, as a placeholder's value: its own catalogue message where it has one. */
export function reasonOf(error: unknown): MessageValue {
  return isWorded(error) ? error.text : messageOf(error);
}

export function failureWords(text: MessageText, secrets: Secrets = []): FailureWords {
  const redacted = redactText(text, secrets);
  return { text: redacted, message: redactSecrets(englishOf(redacted), secrets) };
}

function redactText(text: MessageText, secrets: Secrets): MessageText {
  if (text.values === undefined) return text;
  const values: MessageValues = Object.fromEntries(
    Object.entries(text.values).map(([name, value]) => [name, redactValue(value, secrets)]),
  );
  return { ...text, values };
}

function redactValue(value: MessageValue, secrets: Secrets): MessageValue {
  if (typeof value === 'string') return redactSecrets(value, secrets);
  if (typeof value === 'number') return value;
  return redactText(value, secrets);
}
