// The report's part for a sweep of input lengths: per mode, the first token's
// time at each length with its interval and n, then the line through every
// trial (prefill.ts): what each 1,000 prompt tokens add, and the fixed part.

import type { PrefillFit } from '../../shared/prefill';
import type { Mode } from '../../shared/trial';
import { formatCount, formatMs, plural } from './format';
import { renderTable } from './table';

const FIRST: Record<PrefillFit['metric'], string> = { ttft_ms: 'TTFT', first_byte_ms: 'TTFB' };

/** ms per 1,000 tokens: one decimal, like a gap. */
export function formatSlope(msPerKtok: number): string {
  return `${formatMs(msPerKtok)} per 1,000 prompt tokens`;
}

/** The sections of the modes that swept input lengths, in the order given. */
export function prefillSections(fits: Partial<Record<Mode, PrefillFit>>): string[] {
  return Object.entries(fits).flatMap(([mode, fit]) => (fit ? [prefillSection(mode, fit)] : []));
}

function prefillSection(mode: string, fit: PrefillFit): string {
  const first = FIRST[fit.metric];
  const rows = fit.groups.map((g) => [
    g.input_tokens.toLocaleString('en-US'),
    g.prompt_tokens === null ? '–' : formatCount(g.prompt_tokens),
    g.first_token === null ? '–' : formatMs(g.first_token.median),
    g.first_token?.median_ci95 ? g.first_token.median_ci95.map(formatMs).join('–') : '–',
    String(g.n),
    g.failed === 0 ? '' : `${g.failed} failed`,
  ]);
  const table = renderTable(
    ['input tokens', 'prompt tokens (usage)', `${first} median`, '95% CI', 'n', ''],
    rows,
    { rightAligned: [0, 1, 2, 3, 4], indent: '  ' },
  );
  return [
    `--- ${mode}: ${first} against input length (${plural(fit.groups.length, 'length')}) ---`,
    table.trimEnd(),
    `  ${fitLine(fit)}`,
    `  ${xLine(fit)}`,
  ].join('\n');
}

function fitLine(fit: PrefillFit): string {
  if (fit.prefill_ms_per_ktok === null || fit.ttft_fixed_ms === null) {
    return 'no line: fewer than two lengths have an ok trial';
  }
  const ci = fit.prefill_ms_per_ktok_ci95;
  const interval =
    ci === null
      ? 'no interval: a length has fewer than 2 ok trials'
      : `95% CI ${formatMs(ci[0])}–${formatMs(ci[1])}`;
  return (
    `prefill: ${formatSlope(fit.prefill_ms_per_ktok)} (${interval}; n = ${fit.n} trials), ` +
    `fixed part ${formatMs(fit.ttft_fixed_ms)}`
  );
}

function xLine(fit: PrefillFit): string {
  return fit.x === 'usage'
    ? 'the line goes through each trial’s prompt tokens as its usage reported'
    : 'the line goes through each trial’s requested length: not every trial’s usage reported its prompt tokens';
}
