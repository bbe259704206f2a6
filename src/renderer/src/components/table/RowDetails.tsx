// What a row shows of the columns that did not fit (useFittingColumns): a
// disclosure button in the row, and under it a row that lists those columns
// as "label: value". Nothing is hidden for good, only moved.

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DetailItem {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

export function DetailsToggle(props: { open: boolean; controls: string; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="details-toggle"
      aria-expanded={props.open}
      aria-controls={props.open ? props.controls : undefined}
      title={t(props.open ? 'common.table.details.hideLabel' : 'common.table.details.showLabel')}
      onClick={props.onToggle}
    >
      <span aria-hidden="true">{props.open ? '▾' : '▸'}</span>
      {t(props.open ? 'common.table.details.hide' : 'common.table.details.show')}
    </button>
  );
}

export function DetailsRow(props: { id: string; span: number; items: readonly DetailItem[] }) {
  return (
    <tr className="table-details" id={props.id}>
      <td colSpan={props.span}>
        <dl className="table-details-list">
          {props.items.map((item) => (
            <div key={item.key} data-column={item.key}>
              <dt>{item.label}</dt>
              <dd>{item.value}</dd>
            </div>
          ))}
        </dl>
      </td>
    </tr>
  );
}
