// A profile's request parameters in one short line ("temperature 0 · seed 7 ·
// reasoning high · extra body (provider)"), for its card and for the runs it
// was measured in. As data (i18n keys and their values), so that it is tested
// without a DOM; the system prompt and the stop sequences are named, not
// quoted: the line says what is set, the form shows it.

import type { RequestParams } from '../request-params';

export interface ParamPart {
  key: string;
  values?: Record<string, string | number>;
}

/** The set parameters in the form's order; `count` writes a number of tokens as the language does. */
export function paramParts(params: RequestParams, count: (n: number) => string): ParamPart[] {
  const parts: ParamPart[] = [];
  const add = (key: string, values?: ParamPart['values']): void => {
    parts.push({ key: `profiles.card.params.${key}`, ...(values ? { values } : {}) });
  };
  if (params.system !== undefined) add('system');
  // As given: a seed or a temperature is a setting, not a figure to group or round.
  if (params.temperature !== undefined) add('temperature', { value: String(params.temperature) });
  if (params.top_p !== undefined) add('top_p', { value: String(params.top_p) });
  if (params.seed !== undefined) add('seed', { value: String(params.seed) });
  if (params.stop !== undefined) add('stop', { count: params.stop.length });
  if (params.reasoning_effort !== undefined) add('reasoning', { value: params.reasoning_effort });
  if (params.thinking_budget !== undefined) {
    add('thinking', { value: count(params.thinking_budget) });
  }
  if (params.token_param !== undefined) add('tokenParam', { name: params.token_param });
  if (params.extra_body !== undefined) {
    add('extraBody', { names: Object.keys(params.extra_body).join(', ') });
  }
  return parts;
}
