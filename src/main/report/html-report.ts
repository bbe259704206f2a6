// A report as one self-contained HTML file: its style sheet inline, its
// charts inline SVG drawn by the results page's own chart specs, no script,
// no address it would fetch; fonts from the system. The sections follow the
// results page: the run, the verdicts, the terms, the summary, what the data
// shows, then the charts (the prefill table and every A-vs-B difference
// beside theirs), the failures; a series' trend before its newest run, runs
// named together before theirs, and two runs' differences. Every word comes
// from the same text functions as the page. Drawn on the report thread
// (report-thread.ts): each chart is one synchronous call into ECharts.

import type { RunComparison, RunView, TrialRow, TrendSeries } from '../../shared/api';
import { seriesColor, type ChartTheme } from '../../shared/charts/chart-option';
import { MISSING } from '../../shared/i18n/format';
import type { ChartSpec } from '../../shared/results/chart-spec';
import { runChartSpecs } from '../../shared/results/charts';
import { prefillSeries } from '../../shared/results/charts/prefill';
import {
  offeredRunPairFigures,
  runPairChart,
  runPairDifferenceChart,
} from '../../shared/results/charts/run-pair';
import { trendChart } from '../../shared/results/charts/trend';
import { differencesTableText } from '../../shared/results/differences-table';
import { profileProblems } from '../../shared/results/failures-text';
import { findingsText } from '../../shared/results/findings-text';
import { prefillTable, prefillTableText } from '../../shared/results/prefill-table';
import { runFacts } from '../../shared/results/run-facts';
import { profileOf, runProfiles, type RunProfile } from '../../shared/results/run-profiles';
import { runsTrend } from '../../shared/results/runs-trend';
import { summaryTables } from '../../shared/results/summary-model';
import { termsText } from '../../shared/results/terms-text';
import { trialLabel } from '../../shared/results/trial-label';
import { joinParts, verdictsText, type Part } from '../../shared/results/verdict-text';
import type { Words } from '../../shared/results/words';
import { alignmentsOf, type TableText } from '../../shared/table-text';
import { html, trusted, type Html } from './html';
import { pairTableText, trendTableText } from './report-tables';
import type { ReportContent, ReportedRun } from './make-report';
import { REPORT_CSS } from './report-css';
import { summaryGlossary, summaryHtml } from './summary-html';
import { reportColors } from './report-theme';
import { reportWords } from './report-words';
import { REPORT_CHART_WIDTH, renderChartSvg } from './svg-chart';

/** What every section is written with. */
interface Writer {
  words: Words;
  /** The report's language, as dates are written in it. */
  locale: string;
  chart: ChartTheme;
}

export function htmlReport(content: ReportContent): string {
  const words = reportWords(content.language);
  const colors = reportColors(content.theme);
  const writer: Writer = {
    words,
    locale: content.language,
    chart: colors.chart,
  };
  const { t, format } = words;
  const runs = content.runs.map((run) => runSections(run, writer, content.runs.length > 1));
  const trend = content.trend.length > 1 ? [trendSection(content.trend, writer)] : [];
  const pair = content.pair ? [pairSection(content.pair, writer)] : [];
  // A series reads as its trend first, its newest run after; runs named together the other way.
  const body: Html[] = [
    reportHead(content, writer),
    ...(content.series_id === null ? [...runs, ...trend] : [...trend, ...runs]),
    ...pair,
  ];
  const first = content.runs[0]?.view.run;
  const title = first
    ? `${t('report.title')}: ${t('report.runHeading', { time: format.dateTime(first.started_at) })}`
    : t('report.title');
  return html`<!doctype html>
    <html lang="${content.language}" data-theme="${content.theme}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="generator" content="LastToken ${content.version}" />
        <title>${title}</title>
        <style>
          ${trusted(colors.css)}${trusted(REPORT_CSS)}
        </style>
      </head>
      <body>
        ${body}
      </body>
    </html> `.markup;
}

function reportHead(content: ReportContent, { words }: Writer): Html {
  const { t, format } = words;
  const views = content.trend;
  const oldest = views[0]?.run;
  const newest = views[views.length - 1]?.run;
  const scope =
    content.series_id !== null && oldest && newest
      ? t('report.madeSeries', {
          series: content.series_id,
          runs: format.count(views.length),
          from: format.dateTime(oldest.started_at),
          to: format.dateTime(newest.started_at),
        })
      : content.runs.length > 1
        ? t('report.madeRuns', { runs: format.count(content.runs.length) })
        : null;
  return html`<header class="report-head">
    <h1>${t('report.title')}</h1>
    <p class="muted">
      ${t('report.made', { time: format.dateTime(content.made_at), version: content.version })}
    </p>
    ${scope === null ? '' : html`<p>${scope}</p>`}
  </header>`;
}

/** Everything the results page shows of one run, in its order. */
function runSections(reported: ReportedRun, writer: Writer, several: boolean): Html {
  const { words } = writer;
  const { t, format } = words;
  const { view } = reported;
  const profiles = runProfiles(view.run, t);
  const heading = t('report.runHeading', { time: format.dateTime(view.run.started_at) });
  const specs = runChartSpecs(
    view,
    reported.charts,
    profiles,
    words,
    writer.chart,
    REPORT_CHART_WIDTH,
  );
  const lastDifferences = specs.filter((spec) => spec.id.startsWith('differences-')).pop();
  const charts = chartFigures(specs, words, (spec) =>
    chartExtras(spec, spec === lastDifferences, view, profiles, writer),
  );
  return html`<section class="report-section" id="run-${view.run.id}" data-section="run">
      <h2>${several ? heading : t('report.sections.run')}</h2>
      <p class="muted small">${t('report.runId', { id: view.run.id })}</p>
      ${runFactsCard(reported, profiles, writer)}
    </section>
    ${verdictsSection(view, profiles, writer)} ${summarySection(view, profiles, writer)}
    ${findingsSection(view, profiles, writer)}
    <section class="report-section" data-section="charts">
      <h2>${t('report.sections.charts')}</h2>
      ${charts.length === 0 ? html`<p>${t('report.sections.noCharts')}</p>` : charts}
    </section>
    ${failuresSection(reported, profiles, writer)}`;
}

function runFactsCard(
  reported: ReportedRun,
  profiles: readonly RunProfile[],
  writer: Writer,
): Html {
  const { t } = writer.words;
  const facts = runFacts(reported.view, profiles, writer.words, reported.token_params);
  const list = (items: readonly { label: string; value: string; note: string | null }[]): Html =>
    html`<dl class="facts">
      ${items.map(
        (fact) =>
          html`<dt>${fact.label}</dt>
            <dd>
              ${fact.value}${fact.note === null ? '' : html` <span class="muted">${fact.note}</span>`}
            </dd>`,
      )}
    </dl>`;
  return html`<div class="card" data-part="facts">${list(facts.facts)}</div>
    <h3>${t('report.sections.profiles')}</h3>
    ${facts.profiles.map(
      (profile) =>
        html`<div class="card" data-profile="${profile.id}">
          <h3>${swatch(profile.color, writer)}${profile.name}</h3>
          ${list(profile.facts)}
        </div>`,
    )}`;
}

function swatch(slot: number, writer: Writer): Html {
  return html`<span
    class="profile-swatch"
    style="background:${seriesColor(writer.chart, slot)}"
    aria-hidden="true"
  ></span>`;
}

function profileName(profiles: readonly RunProfile[], id: string, writer: Writer): Html {
  const profile = profileOf(profiles, id);
  return html`<span class="profile-name" data-profile="${id}"
    >${swatch(profile.color, writer)}${profile.name}</span
  >`;
}

function sentence(parts: readonly Part[], profiles: readonly RunProfile[], writer: Writer): Html {
  // joinParts writes strings: each part is made markup here, then joined as such.
  return trusted(
    joinParts(parts, {
      text: (text) => html`${text}`.markup,
      profile: (id) => profileName(profiles, id, writer).markup,
      term: (word) => html`<strong>${word}</strong>`.markup,
    }),
  );
}

function verdictsSection(view: RunView, profiles: readonly RunProfile[], writer: Writer): Html {
  const verdicts = verdictsText(view, writer.words);
  const terms = termsText(view, writer.words);
  return html`<section class="report-section" data-section="verdicts">
    <h2>${verdicts.title}</h2>
    <div class="verdict-cards">
      ${verdicts.cards.map(
        (card) =>
          html`<div class="card" data-mode="${card.mode}">
            <h3>${card.title}</h3>
            ${card.noneMeasured === null ? '' : html`<p>${card.noneMeasured}</p>`}
            ${card.single === null ? '' : html`<p>${sentence(card.single, profiles, writer)}</p>`}
            ${card.lines.map(
              (line) =>
                html`<p data-figure="${line.figure}" data-verdict="${line.verdict}">
                  <span class="verdict-head"
                    >${sentence(line.label, profiles, writer)}: ${line.word}</span
                  ><br />${sentence(line.sentence, profiles, writer)}
                </p>`,
            )}
            ${card.notMeasured.map((missing) => html`<p class="muted">${sentence(missing.sentence, profiles, writer)}</p>`)}
          </div>`,
      )}
    </div>
    <div class="card small" data-part="terms">
      <h3>${terms.title}</h3>
      <dl class="facts">
        ${terms.entries.map(
          (entry) =>
            html`<dt>${entry.word}</dt>
              <dd>${entry.description}</dd>`,
        )}
      </dl>
    </div>
  </section>`;
}

function summarySection(view: RunView, profiles: readonly RunProfile[], writer: Writer): Html {
  const { t } = writer.words;
  const tables = summaryTables(view);
  return html`<section class="report-section" data-section="summary">
    <h2>${t('results.summary.title')}</h2>
    <p class="muted">${t('results.summary.intro')}</p>
    ${tables.map((table) => summaryHtml(table, profiles, writer.words, (slot) => swatch(slot, writer)))}
    ${summaryGlossary(tables, writer.words)}
  </section>`;
}

function findingsSection(view: RunView, profiles: readonly RunProfile[], writer: Writer): Html {
  const findings = findingsText(view, writer.words);
  return html`<section class="report-section" data-section="findings">
    <h2>${findings.title}</h2>
    <p class="muted">${findings.intro}</p>
    <ul class="findings">
      ${findings.groups.map(
        (group) =>
          html`<li data-finding="${group.kind}">
            <p><span class="finding-title">${group.title}</span></p>
            ${group.items.map(
              (item) =>
                html`<div class="finding-item">
                  <p>${profileName(profiles, item.profile_id, writer)}: ${item.text}</p>
                  ${item.evidence.map((line) => html`<p class="evidence">${line}</p>`)}
                </div>`,
            )}
          </li>`,
      )}
    </ul>
    ${findings.none === null ? '' : html`<p>${findings.none}</p>`}
  </section>`;
}

/**
 * What follows a chart in the report: the prefill table after its chart,
 * every A-vs-B difference as a table after the last view of theirs.
 */
function chartExtras(
  spec: ChartSpec,
  lastOfDifferences: boolean,
  view: RunView,
  profiles: readonly RunProfile[],
  writer: Writer,
): Html | null {
  const { words } = writer;
  if (spec.id === 'prefill') {
    const table = prefillTable(prefillSeries(view.prefill, profiles), words);
    return table
      ? html`${tableHtml(prefillTableText(table, profiles, words), { caption: table.caption, part: 'prefill' })}
          <p class="muted small">${table.note}</p>`
      : null;
  }
  if (lastOfDifferences) {
    return tableHtml(differencesTableText(view.comparisons, profiles, words), {
      caption: words.t('report.sections.differencesTable'),
      part: 'differences',
    });
  }
  return null;
}

/** Each chart as a figure with its title and how to read it, then what follows it. */
function chartFigures(
  specs: readonly ChartSpec[],
  words: Words,
  after: (spec: ChartSpec) => Html | null = () => null,
): Html[] {
  return specs.map((spec) => html`${chartFigure(spec, words)}${after(spec)}`);
}

/** A chart as a figure: its title (with the view, where the page would offer a switch) and how to read it. */
function chartFigure(spec: ChartSpec, { t }: Words): Html {
  const series = [spec.option.series ?? []].flat().length;
  const title =
    spec.view === null ? spec.title : t('report.chartView', { title: spec.title, view: spec.view });
  return html`<figure class="chart" data-chart="${spec.id}" data-series="${series}">
    <figcaption>
      <h3>${title}</h3>
      ${spec.description.map((text) => html`<p class="muted small">${text}</p>`)}
    </figcaption>
    ${trusted(renderChartSvg(spec.option, REPORT_CHART_WIDTH, spec.height))}
  </figure>`;
}

function failuresSection(
  reported: ReportedRun,
  profiles: readonly RunProfile[],
  writer: Writer,
): Html {
  const { t, format } = writer.words;
  const { view, failed } = reported;
  const problems = profileProblems(view, profiles, writer.words);
  const rows = failed.trials.map((row) => failedTrialRow(row, profiles, writer));
  const trials =
    failed.total === 0
      ? html`<p>${t('report.failures.none')}</p>`
      : html`<p class="muted">
            ${
              failed.total > failed.trials.length
                ? t('report.failures.shown', {
                    shown: format.count(failed.trials.length),
                    total: format.count(failed.total),
                  })
                : t('report.failures.all', { total: format.count(failed.total) })
            }
          </p>
          ${tableHtml(
            {
              header: (['profile', 'trial', 'status', 'http', 'message'] as const).map((column) =>
                t(`report.failures.column.${column}`),
              ),
              rows,
            },
            { caption: t('report.failures.trials'), part: 'failed-trials', providerColumn: 4 },
          )}`;
  return html`<section class="report-section" data-section="failures">
    <h2>${t('report.sections.failures')}</h2>
    ${
      problems === null
        ? ''
        : html`<div class="card">
            <p>${problems.intro}</p>
            ${problems.lines.map(
              (line) =>
                html`<p data-profile="${line.profile_id}">
                  <strong>${line.headline}</strong
                  >${line.message === null ? '' : html`<br /><span class="provider-text">${line.message}</span>`}
                </p>`,
            )}
          </div>`
    }
    ${trials}
  </section>`;
}

function failedTrialRow(row: TrialRow, profiles: readonly RunProfile[], writer: Writer): string[] {
  const { t } = writer.words;
  const { trial } = row;
  return [
    profileOf(profiles, row.profile_id).name,
    trialLabel(t, trial.mode, row.trial_index, row.warmup),
    t(`common.status.${trial.status}`),
    trial.http_status === null ? MISSING : String(trial.http_status),
    trial.error ?? MISSING,
  ];
}

/**
 * A table of text: a figure's column right-aligned, as the Markdown tables
 * are. `providerColumn`: cells a provider wrote, set apart as its words.
 */
function tableHtml(
  table: TableText,
  { caption, part, providerColumn }: { caption: string; part: string; providerColumn?: number },
): Html {
  const align = alignmentsOf(table);
  const cls = (column: number): string =>
    [align[column] === 'right' ? 'number' : '', column === providerColumn ? 'provider-text' : '']
      .filter(Boolean)
      .join(' ');
  return html`<div class="table-wrap">
    <table data-part="${part}">
      <caption>
        ${caption}
      </caption>
      <thead>
        <tr>
          ${table.header.map((cell, i) => html`<th scope="col" class="${cls(i)}">${cell}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${table.rows.map(
          (row) =>
            html`<tr>
              ${row.map((cell, i) =>
                i === 0
                  ? html`<th scope="row">${cell}</th>`
                  : html`<td class="${cls(i)}">${cell}</td>`,
              )}
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

function trendSection(views: readonly RunView[], writer: Writer): Html {
  const { words } = writer;
  const { t, format } = words;
  // The newest snapshot names a profile and gives its colour.
  const named = new Map<string, RunProfile>();
  for (const view of views)
    for (const profile of runProfiles(view.run, t)) named.set(profile.id, profile);
  const trends = runsTrend(views);
  const parts: Html[] = [];
  for (const trend of trends) {
    const profile = named.get(trend.profile_id);
    if (!profile) continue;
    const spec = trendChart(
      trend.series,
      { profile, filtered: false },
      words,
      writer.locale,
      writer.chart,
    );
    if (spec) parts.push(...chartFigures([spec], words));
    for (const series of trend.series) parts.push(trendTable(series, profile, writer));
  }
  return html`<section class="report-section" data-section="trend">
    <h2>${t('report.trend.title')}</h2>
    <p class="muted">${t('report.trend.intro', { runs: format.count(views.length) })}</p>
    ${parts}
  </section>`;
}

function trendTable(series: TrendSeries, profile: RunProfile, writer: Writer): Html {
  const { t } = writer.words;
  return tableHtml(trendTableText(series, writer.words), {
    caption: t('report.trend.caption', {
      profile: profile.name,
      model: series.model,
      mode: t(`common.modes.${series.mode}`),
    }),
    part: `trend-${profile.id}-${series.mode}`,
  });
}

function pairSection(pair: RunComparison, writer: Writer): Html {
  const { words } = writer;
  const { t, format } = words;
  const runName = (view: RunView): string =>
    [format.dateTime(view.run.started_at), view.run.label ?? '', view.run.id]
      .filter(Boolean)
      .join(' · ');
  const figures = offeredRunPairFigures(pair);
  const specs = figures.flatMap((figure) => [
    runPairChart(pair, figure, words, writer.chart),
    runPairDifferenceChart(pair, figure, words, writer.chart),
  ]);
  const table = tableHtml(pairTableText(pair, words), {
    caption: t('report.pair.table'),
    part: 'run-pair',
  });
  return html`<section class="report-section" data-section="pair">
    <h2>${t('report.pair.title')}</h2>
    <p class="muted">${t('report.pair.intro', { a: runName(pair.a), b: runName(pair.b) })}</p>
    ${chartFigures(
      specs.filter((spec) => spec !== null),
      words,
    )}
    ${table}
  </section>`;
}
