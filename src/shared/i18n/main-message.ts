// Main's message in the reader's language, as the renderer shows it and as
// main's reports word it: its catalogue words where main gave a key, else
// main's English.

import { wordedValues, type MessageText } from '../messages';
import type { Translate } from './format';

export function mainMessage(t: Translate, message: string, text: MessageText | undefined): string {
  return text === undefined ? message : catalogueText(t, text);
}

/** A catalogue message in the reader's words, a message inside it too. */
function catalogueText(t: Translate, text: MessageText): string {
  return t(
    `messages.${text.key}`,
    wordedValues(text.values, (inner) => catalogueText(t, inner)),
  );
}
