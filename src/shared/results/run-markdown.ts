// A run's results as GitHub-flavoured Markdown, for an issue or a chat: the
// run named, why profiles were not measured, the verdict cards, the terms,
// the summary tables, what the data shows, the prefill table and A against B,
// in the results page's order and words (the text functions beside this one).
// No images. Text anyone but LastToken chose (profile names, providers'
// messages, a run's label) is escaped, so that it reads back as the same
// characters and cannot start a heading, a table cell or an HTML tag.

import type { RunView } from '../api';
import { markdownTable } from '../table-text';
import { prefillSeries } from './charts/prefill';
import { differencesTableText } from './differences-table';
import { profileProblems } from './failures-text';
import { findingsText } from './findings-text';
import { prefillTable, prefillTableText } from './prefill-table';
import { profileOf, type RunProfile } from './run-profiles';
import { summaryTables } from './summary-model';
import { summaryTableText } from './summary-table-text';
import { termsText } from './terms-text';
import { joinParts, verdictsText, type Part } from './verdict-text';
import type { Words } from './words';

/**
 * Text as Markdown that reads back as the same characters, on one line:
 * Markdown's punctuation (and the `&` of an entity) escaped with a backslash,
 * what would start a block (a heading's `#`, a list's `-` or `1.`) too, and
 * line breaks and runs of spaces as one space, as a page shows them.
 */
export function markdownText(text: string): string {
  return text
    .replace(/[\t\n\v\f\r ]+/g, ' ')
    .replace(/[\\`*_[\]<>|~&!]/g, '\\$&')
    .replace(/^( ?)([#+-])/, '$1\\$2')
    .replace(/^( ?\d+)([.)])/, '$1\\$2');
}

export function runMarkdown(view: RunView, profiles: readonly RunProfile[], words: Words): string {
  const write: Writer = { view, profiles, words, name: (id) => bold(profileOf(profiles, id).name) };
  return `${[
    ...runBlocks(write),
    ...verdictBlocks(write),
    ...summaryBlocks(write),
    ...findingBlocks(write),
    ...prefillBlocks(write),
    ...differenceBlocks(write),
  ].join('\n\n')}\n`;
}

/** What every section is written from; `name`: a profile's name as Markdown. */
interface Writer {
  view: RunView;
  profiles: readonly RunProfile[];
  words: Words;
  name: (id: string) => string;
}

const bold = (text: string): string => `**${markdownText(text)}**`;
const heading = (depth: 1 | 2 | 3, text: string): string =>
  `${'#'.repeat(depth)} ${markdownText(text)}`;

/** The run: when, its id and label; then whether it finished and why profiles were not measured. */
function runBlocks({ view, profiles, words }: Writer): string[] {
  const { t, format } = words;
  const { run } = view;
  const blocks = [
    heading(1, t('results.header.title', { time: format.dateTime(run.started_at) })),
    [
      t('results.markdown.run', { id: markdownText(run.id) }),
      ...(run.label === null
        ? []
        : [t('results.markdown.label', { label: markdownText(run.label) })]),
    ].join(' · '),
  ];
  if (run.status !== 'completed') {
    blocks.push(
      markdownText(
        t(`results.header.unfinished.${run.status}`, {
          calls: format.count(view.trial_counts.all),
          planned: format.count(run.planned_calls),
        }),
      ),
    );
  }
  const problems = profileProblems(view, profiles, words);
  if (problems) {
    blocks.push(
      markdownText(problems.intro),
      problems.lines
        .map((line) =>
          [
            `- ${bold(line.headline)}`,
            ...(line.message === null ? [] : [markdownText(line.message)]),
          ].join(' '),
        )
        .join('\n'),
    );
  }
  return blocks;
}

/** A card per mode, a line per verdict, then the terms they use. */
function verdictBlocks({ view, words, name }: Writer): string[] {
  const { t } = words;
  const sentence = (parts: readonly Part[]): string =>
    joinParts(parts, { text: markdownText, profile: name, term: markdownText });
  const verdicts = verdictsText(view, words);
  const blocks = [heading(2, verdicts.title)];
  for (const card of verdicts.cards) {
    blocks.push(heading(3, card.title));
    if (card.noneMeasured !== null) blocks.push(markdownText(card.noneMeasured));
    if (card.single !== null) blocks.push(sentence(card.single));
    const lines = [
      ...card.lines.map(
        (line) =>
          `- ${t('results.markdown.verdict', {
            figure: `**${sentence(line.label)}**`,
            word: `*${markdownText(line.word)}*`,
            sentence: sentence(line.sentence),
          })}`,
      ),
      ...card.notMeasured.map((missing) => `- ${sentence(missing.sentence)}`),
    ];
    if (lines.length > 0) blocks.push(lines.join('\n'));
  }
  const terms = termsText(view, words);
  blocks.push(
    `${markdownText(terms.title)} ${terms.entries
      .map((term) => `${bold(term.word)} ${markdownText(term.gloss)}`)
      .join(' · ')}`,
  );
  return blocks;
}

/** A table per mode, every figure with its interval and n, as the page's copy button writes it. */
function summaryBlocks({ view, profiles, words }: Writer): string[] {
  const { t, format } = words;
  return [
    heading(2, t('results.summary.title')),
    markdownText(t('results.summary.intro')),
    ...summaryTables(view).flatMap((table) => [
      heading(3, t(`results.summary.caption.${table.mode}`)),
      markdownTable(summaryTableText(table, profiles, t, format)),
    ]),
  ];
}

/** A headline per kind, each profile's sentence under it and its figures under that. */
function findingBlocks({ view, words, name }: Writer): string[] {
  const { t } = words;
  const findings = findingsText(view, words);
  return [
    heading(2, findings.title),
    ...findings.groups.flatMap((group) => [
      heading(3, group.title),
      group.items
        .flatMap((item) => [
          `- ${t('results.markdown.said', { profile: name(item.profile_id), text: markdownText(item.text) })}`,
          ...item.evidence.map((line) => `  - ${markdownText(line)}`),
        ])
        .join('\n'),
    ]),
    ...(findings.none === null ? [] : [markdownText(findings.none)]),
  ];
}

function prefillBlocks({ view, profiles, words }: Writer): string[] {
  const table = prefillTable(prefillSeries(view.prefill, profiles), words);
  if (!table) return [];
  return [
    heading(2, words.t('results.prefill.title')),
    markdownText(table.caption),
    markdownTable(prefillTableText(table, profiles, words)),
    markdownText(table.note),
  ];
}

function differenceBlocks({ view, profiles, words }: Writer): string[] {
  if (view.comparisons.length === 0) return [];
  return [
    heading(2, words.t('results.differences.title')),
    markdownTable(differencesTableText(view.comparisons, profiles, words)),
  ];
}
