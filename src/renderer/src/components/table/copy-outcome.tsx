// Text on the clipboard, and a line that says it happened, for every "Copy"
// button (a table, the whole results). A clipboard that refuses (a
// permission, a window without focus) is said so, with the text shown
// selected for the keyboard's own copy.

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long "Copied" stays: long enough to read, gone before it can be mistaken for a later copy. */
const SAID_MS = 6000;

/** What was copied (a format, say), or why the clipboard refused it and the text it refused. */
export type CopyOutcome<What> = { copied: What } | { refused: string; text: string };

export function useCopy<What>(): {
  outcome: CopyOutcome<What> | null;
  copy: (what: What, text: string) => Promise<void>;
} {
  const [outcome, setOutcome] = useState<CopyOutcome<What> | null>(null);
  useEffect(() => {
    if (!outcome || 'refused' in outcome) return;
    const timer = setTimeout(() => setOutcome(null), SAID_MS);
    return () => clearTimeout(timer);
  }, [outcome]);
  const copy = async (what: What, text: string): Promise<void> => {
    try {
      await navigator.clipboard.writeText(text);
      setOutcome({ copied: what });
    } catch (error) {
      setOutcome({ refused: error instanceof Error ? error.message : String(error), text });
    }
  };
  return { outcome, copy };
}

/** Why the clipboard refused, and the text it refused, selected: `label` names the text. */
export function CopyRefused({
  outcome,
  label,
}: {
  outcome: { refused: string; text: string };
  label: string;
}) {
  const { t } = useTranslation();
  const text = useRef<HTMLTextAreaElement>(null);
  useEffect(() => text.current?.select(), [outcome]);
  return (
    <div className="table-copy-refused">
      <p className="message message-error" role="alert">
        {t('common.table.copy.refused', { reason: outcome.refused })}
      </p>
      <textarea ref={text} readOnly rows={6} aria-label={label} value={outcome.text} />
    </div>
  );
}
