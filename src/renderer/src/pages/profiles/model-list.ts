// A provider's model list in the form: what to ask for it, and finding a
// model in it (OpenRouter's has hundreds): every word typed must appear in the
// id or the display name, in any case; "free only" keeps what the provider
// says costs nothing.

import type { ModelInfo } from '../../../../shared/api';
import type { InputOf, IpcContract } from '../../../../shared/ipc-contract';
import type { Profile } from '../../../../shared/run';
import type { Dialect } from '../../../../shared/trial';

export type ModelsQuery = InputOf<IpcContract['modelsList']>;

/** More rows than this make the list slow to scan and to render: search narrows it instead. */
export const MAX_SHOWN_MODELS = 200;

export interface ModelMatches {
  shown: ModelInfo[];
  /** How many match, of which `shown` are the first MAX_SHOWN_MODELS. */
  matched: number;
}

export function filterModels(
  models: readonly ModelInfo[],
  search: string,
  freeOnly: boolean,
): ModelMatches {
  const words = search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const matches = models.filter((model) => {
    if (freeOnly && model.free !== true) return false;
    const haystack = `${model.id} ${model.name ?? ''}`.toLocaleLowerCase();
    return words.every((word) => haystack.includes(word));
  });
  return { shown: matches.slice(0, MAX_SHOWN_MODELS), matched: matches.length };
}

/** Whether the provider marked any model free: only then is "free only" worth offering. */
export function anyFree(models: readonly ModelInfo[]): boolean {
  return models.some((model) => model.free === true);
}

/**
 * What "Load models" asks: the saved profile (with its key) while the form
 * still has its saved base URL and dialect; otherwise the URL as typed, which
 * main asks without any key (a key goes only where the profile saved it for).
 */
export function modelsQueryOf(
  saved: Pick<Profile, 'id' | 'base_url' | 'dialect'> | null,
  draft: { base_url: string; dialect: Dialect },
): ModelsQuery {
  const baseUrl = draft.base_url.trim();
  if (saved && saved.base_url === baseUrl && saved.dialect === draft.dialect) {
    return { profile_id: saved.id };
  }
  return { base_url: baseUrl, dialect: draft.dialect };
}
