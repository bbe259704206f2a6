// A report as GitHub-flavoured Markdown, for an issue or a chat: each run as
// the results page's "Copy as Markdown" writes it (runMarkdown), then how
// the runs moved and B − A of two runs, as tables. No images.

import { markdownText, runMarkdown } from '../../shared/results/run-markdown';
import { runProfiles } from '../../shared/results/run-profiles';
import { runsTrend } from '../../shared/results/runs-trend';
import { markdownTable } from '../../shared/table-text';
import type { ReportBasis } from './make-report';
import { reportWords } from './report-words';
import { pairTableText, trendTableText } from './report-tables';

export function markdownReport(content: ReportBasis): string {
  const words = reportWords(content.language);
  const { t, format } = words;
  const blocks = [
    `*${markdownText(t('report.made', { time: format.dateTime(content.made_at), version: content.version }))}*`,
    ...content.views.map((view) => runMarkdown(view, runProfiles(view.run, t), words).trimEnd()),
  ];
  if (content.trend.length > 1) {
    blocks.push(`## ${markdownText(t('report.trend.title'))}`);
    blocks.push(
      markdownText(t('report.trend.intro', { runs: format.count(content.trend.length) })),
    );
    const names = new Map(
      content.trend.flatMap((view) => runProfiles(view.run, t)).map((p) => [p.id, p.name]),
    );
    for (const trend of runsTrend(content.trend)) {
      for (const series of trend.series) {
        const caption = t('report.trend.caption', {
          profile: names.get(trend.profile_id) ?? trend.profile_id,
          model: series.model,
          mode: t(`common.modes.${series.mode}`),
        });
        blocks.push(`### ${markdownText(caption)}`);
        blocks.push(markdownTable(trendTableText(series, words)));
      }
    }
  }
  if (content.pair) {
    blocks.push(`## ${markdownText(t('report.pair.title'))}`);
    blocks.push(markdownTable(pairTableText(content.pair, words)));
  }
  return `${blocks.join('\n\n')}\n`;
}
