// The report's style sheet, inlined in the file: the app's type and colours
// (the theme's variables come before it), one column that reads on a screen,
// and A4 or Letter pages in print, each section from a new page, no chart or
// table row cut in two.

export const REPORT_CSS = `
* { box-sizing: border-box; }
html { background: var(--bg); color: var(--text); }
body {
  margin: 0 auto;
  max-width: 1040px;
  padding: 32px 40px 64px;
  font-family: system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei',
    'Noto Sans CJK SC', 'Source Han Sans SC', 'WenQuanYi Micro Hei', sans-serif;
  font-synthesis: weight style;
  font-size: 14px;
  line-height: 1.5;
}
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 19px; margin: 0 0 12px; }
h3 { font-size: 15px; margin: 0 0 4px; }
p { margin: 0 0 8px; }
.muted { color: var(--text-muted); }
.small { font-size: 12.5px; }
header.report-head { border-bottom: 1px solid var(--border); padding-bottom: 12px; margin-bottom: 24px; }
section.report-section { margin: 0 0 32px; }
.card {
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: 8px;
  padding: 14px 16px;
  margin: 0 0 12px;
}
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; }
dl.facts dt { color: var(--text-muted); }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
.profile-swatch {
  display: inline-block; width: 10px; height: 10px; border-radius: 2px;
  margin-right: 6px; vertical-align: baseline;
}
.verdict-cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(280px, 1fr)); gap: 12px; }
.verdict-cards .card { margin: 0; }
.verdict-head { font-weight: 600; }
ul.findings { list-style: none; margin: 0; padding: 0; }
ul.findings > li { margin: 0 0 12px; }
.finding-title { font-weight: 600; }
.finding-item { margin: 4px 0 0 16px; }
.evidence { color: var(--text-muted); font-size: 12.5px; margin: 0 0 2px 16px; }
.provider-text { font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace; font-size: 12.5px; overflow-wrap: anywhere; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-weight: 600; padding: 0 0 6px; }
th, td { border-bottom: 1px solid var(--border); padding: 5px 8px; text-align: left; vertical-align: top; }
thead th { color: var(--text-muted); font-weight: 600; font-size: 12.5px; }
td.number, th.number { text-align: right; white-space: nowrap; }
.note { display: block; color: var(--text-muted); font-size: 11.5px; }
figure.chart { margin: 0 0 16px; background: var(--surface); border: 1px solid var(--border); border-radius: 8px; padding: 14px 16px; }
figure.chart figcaption { margin-bottom: 8px; }
figure.chart svg { display: block; width: 100%; height: auto; }
.verdict-lower { color: var(--ok); }
.verdict-inconclusive { color: var(--warning); }
@page { margin: 14mm; }
@media print {
  /* Paper is the cards' colour: no grey page to print, but the theme's own (dark stays dark). */
  html, body { background: var(--surface); -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  body { max-width: none; padding: 0; }
  section.report-section { break-before: page; }
  header.report-head + section.report-section { break-before: auto; }
  figure.chart, .card, tr { break-inside: avoid; }
  thead { display: table-header-group; }
  .table-wrap { overflow: visible; }
}
`;
