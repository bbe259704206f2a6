// A run's results as Markdown, read back by a real Markdown parser (marked,
// GitHub-flavoured): every summary table holds the figures the summary model
// gives, as the page rounds them, each with its interval and its n; a
// profile named like a script and a table cell stays text; the sections
// come in the page's order.

import { marked, type Token, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import type { Language, RunView } from '../../src/shared/api';
import { MISSING } from '../../src/shared/i18n/format';
import { markdownText, runMarkdown } from '../../src/shared/results/run-markdown';
import { runProfiles } from '../../src/shared/results/run-profiles';
import { summaryTables } from '../../src/shared/results/summary-model';
import { formatCell, summaryTableText } from '../../src/shared/results/summary-table-text';
import type { Trial } from '../../src/shared/trial';
import { runRecord, snapshot } from '../support/store-fixtures';
import { runViewOf } from './run-view-fixture';
import { makePlainTrial, makeTrial } from './trial-fixture';
import { wordsIn } from './words-fixture';

const XSS = '<script>alert(1)</script> | x';

/** Five rounds of a stream and a plain trial, the first token at `base` (+ jitter). */
function rounds(base: number): Trial[] {
  return [0, 3, 1, 4, 2].flatMap((j) => [
    makeTrial({ ttft_ms: base + j, last_token_ms: base + 280 + j, total_ms: base + 300 + j }),
    makePlainTrial({ first_byte_ms: base + 290 + j, total_ms: base + 300 + j }),
  ]);
}

const slow = rounds(300);
// One stream of the slow profile has no decode rate: that figure rests on 4 of its 5 trials.
slow[0] = { ...(slow[0] as Trial), decode_tps: null };

const view: RunView = runViewOf(
  runRecord(
    'r1',
    [
      snapshot('xss', { name: XSS }),
      snapshot('slow', { name: '# Slow\n- one' }),
      snapshot('down', { name: 'Down' }),
    ],
    { status: 'completed', label: '<b>office</b>' },
  ),
  {
    xss: rounds(100),
    slow,
    down: Array.from({ length: 5 }, () =>
      makeTrial({
        status: 'http_error',
        http_status: 503,
        ttft_ms: null,
        total_ms: null,
        error: 'Service | unavailable\n# <i>now</i>',
      }),
    ),
  },
);

/** A line break, and the one a table cell can hold (table-text.ts writes it as `<br>`). */
const isLineBreak = (token: Token): boolean =>
  token.type === 'br' || (token.type === 'html' && token.raw === '<br>');

/** The characters a reader sees of some inline tokens; HTML fails the test. */
function plain(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      if (isLineBreak(token)) return '\n';
      if (token.type === 'html') throw new Error(`HTML in the Markdown: ${token.raw}`);
      if ('tokens' in token && token.tokens) return plain(token.tokens);
      return 'text' in token ? String(token.text) : '';
    })
    .join('');
}

/** Each table of the document under the headings it stands under. */
function tablesOf(tokens: readonly Token[]): { h2: string; h3: string; table: Tokens.Table }[] {
  const found: { h2: string; h3: string; table: Tokens.Table }[] = [];
  let h2 = '';
  let h3 = '';
  for (const token of tokens) {
    if (token.type === 'heading') {
      const heading = token as Tokens.Heading;
      if (heading.depth === 2) [h2, h3] = [plain(heading.tokens), ''];
      if (heading.depth === 3) h3 = plain(heading.tokens);
    }
    if (token.type === 'table') found.push({ h2, h3, table: token as Tokens.Table });
  }
  return found;
}

const LANGUAGES: Language[] = ['en', 'zh-CN'];

describe.each(LANGUAGES)('the results as Markdown, in %s', (language) => {
  const words = wordsIn(language);
  const { t, format } = words;
  const profiles = runProfiles(view.run, t);
  const markdown = runMarkdown(view, profiles, words);
  const tokens = marked.lexer(markdown);
  const all: Token[] = [];
  marked.walkTokens(tokens, (token) => void all.push(token));

  it('has no HTML but a cell’s line break, and no image, whatever the names and messages held', () => {
    expect(all.filter((token) => token.type === 'html' && !isLineBreak(token))).toEqual([]);
    expect(all.filter((token) => token.type === 'image')).toEqual([]);
  });

  it('names the run in its heading, then its id and label', () => {
    const [heading, line] = tokens.filter((token) => token.type !== 'space');
    expect(heading).toMatchObject({ type: 'heading', depth: 1 });
    expect(plain((heading as Tokens.Heading).tokens)).toBe(
      t('results.header.title', { time: format.dateTime(view.run.started_at) }),
    );
    expect(plain((line as Tokens.Paragraph).tokens)).toBe(
      `${t('results.markdown.run', { id: 'r1' })} · ${t('results.markdown.label', { label: '<b>office</b>' })}`,
    );
  });

  it('has the sections in the page’s order', () => {
    const headings = tokens
      .filter((token): token is Tokens.Heading => token.type === 'heading' && token.depth === 2)
      .map((heading) => plain(heading.tokens));
    expect(headings).toEqual([
      t('results.verdicts.title'),
      t('results.summary.title'),
      t('results.findings.title'),
      t('results.differences.title'),
    ]);
  });

  it('gives every summary figure as the model rounds it, with its interval and its n', () => {
    const tables = tablesOf(tokens).filter(({ h2 }) => h2 === t('results.summary.title'));
    const models = summaryTables(view);
    expect(tables.map(({ h3 }) => h3)).toEqual(
      models.map((model) => t(`results.summary.caption.${model.mode}`)),
    );
    let explicitN = 0;
    models.forEach((model, m) => {
      const table = tables[m]?.table as Tokens.Table;
      expect(table.header.map((cell) => plain(cell.tokens))).toEqual(
        summaryTableText(model, profiles, t, format).header,
      );
      expect(table.rows).toHaveLength(model.rows.length);
      model.rows.forEach((row, r) => {
        const cells = (table.rows[r] ?? []).map((cell) => plain(cell.tokens));
        expect(cells).toHaveLength(table.header.length);
        const name = profiles.find((p) => p.id === row.profile_id)?.name ?? '';
        expect(cells[0]?.startsWith(name), `${cells[0]} names ${name}`).toBe(true);
        expect(cells[1]).toBe(
          t('common.units.nOf', { ok: format.count(row.ok), n: format.count(row.trials) }),
        );
        let k = 2;
        for (const column of model.columns) {
          const cell = row.cells[column.key];
          const shown = cells[k] ?? '';
          if (!cell) expect(shown).toBe(MISSING);
          else {
            const figure = formatCell(column, cell.value, format);
            const n = `(${t('common.units.n', { n: format.count(cell.n) })})`;
            // Beside the figure: its own n where fewer trials had it, else the row's ok / n.
            const own = cell.n === row.ok ? [] : [n];
            expect(shown).toBe([figure, ...(cell.best ? ['★'] : []), ...own].join(' '));
            explicitN += own.length;
          }
          k++;
          if (!column.interval) continue;
          expect(cells[k]).toBe(
            cell?.interval
              ? t('results.summary.interval', {
                  low: formatCell(column, cell.interval[0], format),
                  high: formatCell(column, cell.interval[1], format),
                })
              : MISSING,
          );
          k++;
        }
      });
    });
    // The slow profile's decode rate, of 4 of its 5 streams.
    expect(explicitN).toBe(1);
  });

  it('keeps a name like a script and a table cell as text, everywhere it is named', () => {
    const [summary] = tablesOf(tokens).filter(({ h2 }) => h2 === t('results.summary.title'));
    expect(plain(summary?.table.rows[0]?.[0]?.tokens ?? [])).toBe(XSS);
    const strong = all
      .filter((token): token is Tokens.Strong => token.type === 'strong')
      .map((token) => plain(token.tokens));
    expect(strong).toContain(XSS);
    // A name that starts a heading or a list is still a name.
    expect(strong).toContain('# Slow - one');
    expect(plain(summary?.table.rows[1]?.[0]?.tokens ?? [])).toBe('# Slow\n- one');
    expect(all.filter((token) => token.type === 'heading').map((h) => h.raw)).not.toContain(
      '# Slow',
    );
  });

  it('says why a profile was not measured, the provider’s message as text', () => {
    const items = all
      .filter((token): token is Tokens.ListItem => token.type === 'list_item')
      .map((item) => plain(item.tokens));
    expect(items).toContain(
      `${t('runs.failing.none', {
        name: 'Down',
        ok: '0',
        trials: '5',
        count: '5',
        status: t('common.status.http_error'),
      })} Service | unavailable # <i>now</i>`,
    );
  });

  it('tables A against B, a row per comparison', () => {
    const [differences] = tablesOf(tokens).filter(
      ({ h2 }) => h2 === t('results.differences.title'),
    );
    expect(differences?.table.header).toHaveLength(7);
    expect(differences?.table.rows).toHaveLength(view.comparisons.length);
  });
});

describe('markdownText', () => {
  it('reads back as the same characters, on one line, starting no block', () => {
    for (const text of [
      '# h',
      '- item',
      '1. first',
      '> quote',
      'a <b> & *c* | `d` ~e~ [f](g) !h',
    ]) {
      const [paragraph] = marked.lexer(markdownText(text));
      expect(paragraph?.type).toBe('paragraph');
      expect(plain((paragraph as Tokens.Paragraph).tokens)).toBe(text);
    }
    expect(markdownText('two\n\n    lines')).toBe('two lines');
  });
});
