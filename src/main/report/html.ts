// HTML from text: every string a report writes that came from a user or a
// provider (a profile named `<script>`, a provider's error) and every word
// from the locales is escaped (shared/charts/escape.ts, as the charts' tooltips
// are), so it reads as those characters and can never become markup. `html`
// is the tagged template that does it for every value that is not already Html.

import { escapeHtml } from '../../shared/charts/escape';

/** Markup made by this module (or an SVG renderer): written as it is. */
export class Html {
  constructor(readonly markup: string) {}
}

type Value = Html | string | number | null | undefined | false | readonly Value[];

function markupOf(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.markup;
  if (Array.isArray(value)) return value.map(markupOf).join('');
  return escapeHtml(String(value));
}

/** A fragment whose interpolated values are escaped unless they are Html. */
export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let markup = strings[0] as string;
  values.forEach((value, i) => {
    markup += markupOf(value) + (strings[i + 1] as string);
  });
  return new Html(markup);
}

/** Markup safe by construction (the SVG ECharts drew, the report's own CSS). */
export const trusted = (markup: string): Html => new Html(markup);
