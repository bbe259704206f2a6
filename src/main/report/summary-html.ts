// The summary of one mode as the results page's table has it, for a page
// that does not scroll sideways: the same cells (a median with its 95%
// interval under it, ★ where it is clearly the best, n where fewer trials had
// it), split in two tables of the same rows: the times, then the rates, the
// reader, the tokens and the failures. Column names carry their help as a title.

import { isFailing } from '../../shared/failing-profiles';
import { MISSING } from '../../shared/i18n/format';
import { profileOf, type RunProfile } from '../../shared/results/run-profiles';
import type { Column, SummaryRow, SummaryTable } from '../../shared/results/summary-model';
import {
  columnHelp,
  failuresText,
  formatCell,
  glossaryText,
  GROUP_OF,
  groupLabel,
  tokensText,
  type Group,
} from '../../shared/results/summary-table-text';
import type { Words } from '../../shared/results/words';
import { html, type Html } from './html';

/** The groups of the first table; the others go in the second. */
const TIMES: readonly Group[] = ['first', 'gaps', 'total'];

export function summaryHtml(
  table: SummaryTable,
  profiles: readonly RunProfile[],
  words: Words,
  swatch: (slot: number) => Html,
): Html {
  const times = table.columns.filter((column) => TIMES.includes(GROUP_OF[column.key]));
  const rest = table.columns.filter((column) => !TIMES.includes(GROUP_OF[column.key]));
  return html`${half(table, times, false, profiles, words, swatch)}${half(table, rest, true, profiles, words, swatch)}`;
}

/** What the columns' names mean, below the tables (a file has no hover). */
export function summaryGlossary(tables: readonly SummaryTable[], words: Words): Html {
  const { t } = words;
  return html`<div class="card small" data-part="glossary">
    <h3>${t('results.summary.glossary.title')}</h3>
    <dl class="facts">
      ${glossaryText(tables, t).map(
        (entry) =>
          html`<dt>${entry.term}</dt>
            <dd>${entry.help}</dd>`,
      )}
    </dl>
  </div>`;
}

function half(
  table: SummaryTable,
  columns: readonly Column[],
  last: boolean,
  profiles: readonly RunProfile[],
  words: Words,
  swatch: (slot: number) => Html,
): Html {
  const { t, format } = words;
  const groups: { group: Group; span: number }[] = [];
  for (const column of columns) {
    const group = GROUP_OF[column.key];
    const previous = groups[groups.length - 1];
    if (previous?.group === group) previous.span += 1;
    else groups.push({ group, span: 1 });
  }
  const caption = last
    ? t('report.continued', { caption: t(`results.summary.caption.${table.mode}`) })
    : t(`results.summary.caption.${table.mode}`);
  return html`<div class="table-wrap">
    <table data-part="summary-${table.mode}${last ? '-more' : ''}" data-mode="${table.mode}">
      <caption>
        ${caption}
      </caption>
      <thead>
        <tr>
          <th rowspan="2" scope="col">${t('results.summary.profile')}</th>
          <th rowspan="2" scope="col" class="number" title="${t('results.summary.help.n')}">
            ${t('results.summary.ok')}
          </th>
          ${groups.map(
            ({ group, span }) =>
              html`<th colspan="${span}" scope="colgroup">${groupLabel(group, table, t)}</th>`,
          )}${
            last
              ? html`<th scope="colgroup">${t('results.summary.group.tokens')}</th>
                  <th rowspan="2" scope="col">${t('results.summary.failures')}</th>`
              : ''
          }
        </tr>
        <tr>
          ${columns.map(
            (column) =>
              html`<th scope="col" class="number" title="${columnHelp(column, table.mode, t)}">
                ${t(`results.summary.column.${column.key}`)}
              </th>`,
          )}${last ? html`<th scope="col" class="number" title="${t('results.summary.help.tokens')}">${t('results.summary.column.tokens')}</th>` : ''}
        </tr>
      </thead>
      <tbody>
        ${table.rows.map((row) => {
          const profile = profileOf(profiles, row.profile_id);
          return html`<tr data-profile="${row.profile_id}">
            <th scope="row">
              ${swatch(profile.color)}${profile.name}${
                isFailing(row.trials, row.ok)
                  ? html`<span class="note"
                      >${t(row.ok === 0 ? 'results.summary.failing.none' : 'results.summary.failing.most')}</span
                    >`
                  : ''
              }
            </th>
            <td class="number" data-column="ok">
              ${t('common.units.nOf', {
                ok: format.count(row.ok),
                n: format.count(row.trials),
              })}
            </td>
            ${columns.map((column) => figureCell(column, row, words))}${
              last ? html`${tokensCell(row, words)}${failuresCell(row, words)}` : ''
            }
          </tr>`;
        })}
      </tbody>
    </table>
  </div>`;
}

function figureCell(column: Column, row: SummaryRow, { t, format }: Words): Html {
  const cell = row.cells[column.key];
  if (!cell) return html`<td class="number muted" data-column="${column.key}">${MISSING}</td>`;
  const value = (v: number): string => formatCell(column, v, format);
  return html`<td
    class="number"
    data-column="${column.key}"
    ${cell.best ? html` data-best="true"` : ''}
  >
    ${cell.best ? '★ ' : ''}${value(cell.value)}${
      cell.interval
        ? html`<span class="note"
            >${t('results.summary.interval', {
              low: value(cell.interval[0]),
              high: value(cell.interval[1]),
            })}</span
          >`
        : ''
    }${cell.n === row.ok ? '' : html`<span class="note">${t('common.units.n', { n: format.count(cell.n) })}</span>`}
  </td>`;
}

function tokensCell(row: SummaryRow, { t, format }: Words): Html {
  const [value, ...notes] = tokensText(row, t, format);
  return html`<td class="number" data-column="tokens">
    ${value}${notes.map((note) => html`<span class="note">${note}</span>`)}
  </td>`;
}

function failuresCell(row: SummaryRow, { t, format }: Words): Html {
  return html`<td data-column="failures">${failuresText(row, t, format)}</td>`;
}
