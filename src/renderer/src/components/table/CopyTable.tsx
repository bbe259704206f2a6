// "Copy as Markdown" and "Copy as TSV" for a table: the table's figures as
// text (shared/table-text.ts) on the clipboard, and a line that says it
// happened. A clipboard that refuses (a permission, a window without focus)
// is said so, with the text shown selected for the keyboard's own copy.

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { markdownTable, tsvTable, type TableText } from '../../../../shared/table-text';

type Format = 'markdown' | 'tsv';

const WRITE: Record<Format, (table: TableText) => string> = {
  markdown: (table) => markdownTable(table),
  tsv: tsvTable,
};

/** How long "Copied" stays: long enough to read, gone before it can be mistaken for a later copy. */
const SAID_MS = 6000;

type Outcome = { format: Format } | { refused: string; text: string };

export function CopyTable({ table }: { table: () => TableText }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const refusedText = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (!outcome) return;
    if ('refused' in outcome) {
      refusedText.current?.select();
      return;
    }
    const timer = setTimeout(() => setOutcome(null), SAID_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const copy = async (format: Format): Promise<void> => {
    const text = WRITE[format](table());
    try {
      await navigator.clipboard.writeText(text);
      setOutcome({ format });
    } catch (error) {
      setOutcome({ refused: error instanceof Error ? error.message : String(error), text });
    }
  };

  return (
    <div className="table-copy">
      <div className="table-copy-buttons" role="group" aria-label={t('common.table.copy.label')}>
        {(['markdown', 'tsv'] as const).map((format) => (
          <button
            key={format}
            type="button"
            className="table-copy-button"
            onClick={() => void copy(format)}
          >
            {t(`common.table.copy.${format}`)}
          </button>
        ))}
      </div>
      {/* Always there, so that screen readers hear what appears in it. */}
      <p className="table-copy-status small" role="status">
        {outcome && 'format' in outcome && t(`common.table.copy.copied.${outcome.format}`)}
      </p>
      {outcome && 'refused' in outcome && (
        <div className="table-copy-refused">
          <p className="message message-error" role="alert">
            {t('common.table.copy.refused', { reason: outcome.refused })}
          </p>
          <textarea
            ref={refusedText}
            readOnly
            rows={6}
            aria-label={t('common.table.copy.refusedText')}
            value={outcome.text}
          />
        </div>
      )}
    </div>
  );
}
