// "Copy as Markdown" and "Copy as TSV" for a table: the table's figures as
// text (shared/table-text.ts) on the clipboard, and a line that says it
// happened (copy-outcome.tsx).

import { useTranslation } from 'react-i18next';
import { markdownTable, tsvTable, type TableText } from '../../../../shared/table-text';
import { CopyRefused, useCopy } from './copy-outcome';

type Format = 'markdown' | 'tsv';

const WRITE: Record<Format, (table: TableText) => string> = {
  markdown: (table) => markdownTable(table),
  tsv: tsvTable,
};

export function CopyTable({ table }: { table: () => TableText }) {
  const { t } = useTranslation();
  const { outcome, copy } = useCopy<Format>();
  return (
    <div className="table-copy">
      <div className="table-copy-buttons" role="group" aria-label={t('common.table.copy.label')}>
        {(['markdown', 'tsv'] as const).map((format) => (
          <button
            key={format}
            type="button"
            className="table-copy-button"
            onClick={() => void copy(format, WRITE[format](table()))}
          >
            {t(`common.table.copy.${format}`)}
          </button>
        ))}
      </div>
      {/* Always there, so that screen readers hear what appears in it. */}
      <p className="table-copy-status small" role="status">
        {outcome && 'copied' in outcome && t(`common.table.copy.copied.${outcome.copied}`)}
      </p>
      {outcome && 'refused' in outcome && (
        <CopyRefused outcome={outcome} label={t('common.table.copy.refusedText')} />
      )}
    </div>
  );
}
