// `lasttoken models`: the provider's model list, for choosing a model (and a
// free one on a free tier). A saved profile is asked with its key as a run
// would send it; an endpoint given by flags with the key from --api-key-env.

import type { ModelInfo, ModelList } from '../../shared/api';
import { InsecureKeyError, listModels, ModelListError, ProbeConfigError } from '../probe';
import type { EndpointSpec } from '../probe';
import { profileEndpoint } from '../runs/profile-endpoint';
import { BuiltinSimulator } from '../sim';
import { jsonText, plural } from './format';
import { CliFailure, type CliDeps, type CliIo } from './io';
import type { ModelsOptions } from './models-args';
import { UsageError } from './options';
import { withStoreToRead } from './store-session';
import { renderTable } from './table';

export async function runModelsCommand(
  options: ModelsOptions,
  io: CliIo,
  deps: CliDeps,
): Promise<number> {
  const { source } = options;
  const list =
    source.kind === 'url'
      ? await ask(source.endpoint, '--allow-insecure-key')
      : await withStoreToRead(source.target, io, deps, async (session) => {
          const profile = session.profiles.find(source.ref);
          // The demo profile's models are the simulator's, started for this question.
          const simulator = new BuiltinSimulator();
          try {
            const endpoint = await profileEndpoint(profile.id, {
              profiles: session.store.profiles,
              keys: session.keys,
              simulator,
            });
            return await ask(
              endpoint,
              `confirm it with lasttoken profile edit ${profile.id} --allow-insecure-key`,
            );
          } finally {
            await simulator.close();
          }
        });

  const models = options.freeOnly ? list.models.filter((m) => m.free === true) : list.models;
  if (options.json) {
    io.stdout.write(`${jsonText({ url: list.url, free_only: options.freeOnly, models })}\n`);
    return 0;
  }
  io.stderr.write(`${headline(list, options.freeOnly)}\n`);
  if (models.length > 0) io.stdout.write(modelTable(models));
  return 0;
}

async function ask(endpoint: EndpointSpec, insecureHint: string): Promise<ModelList> {
  try {
    return await listModels(endpoint);
  } catch (error) {
    if (error instanceof InsecureKeyError)
      throw new UsageError(`${error.message} (${insecureHint})`);
    if (error instanceof ProbeConfigError) throw new UsageError(error.message);
    // The provider's words, already free of the key.
    if (error instanceof ModelListError) throw new CliFailure(error.message);
    throw error;
  }
}

/** What was asked and what it said about prices: most providers say nothing, and that is not "paid". */
function headline(list: ModelList, freeOnly: boolean): string {
  const free = list.models.filter((m) => m.free === true).length;
  const priced = list.models.filter((m) => m.free !== null).length;
  const counted = `${plural(list.models.length, 'model')} at ${list.url}`;
  if (priced === 0) {
    return freeOnly
      ? `${counted}; none shown: the provider does not say which models are free`
      : `${counted}; the provider does not say which are free`;
  }
  return `${counted}, ${free} free${freeOnly ? ' (shown)' : ''}`;
}

const FREE_TEXT = { true: 'yes', false: 'no', null: '?' } as const;

/** id, free (yes / no / ? when the provider does not say), and the context and owner when any model has them. */
export function modelTable(models: readonly ModelInfo[]): string {
  const withContext = models.some((m) => m.context_length !== null);
  const withOwner = models.some((m) => m.owner !== null);
  const header = [
    'model',
    'free',
    ...(withContext ? ['context'] : []),
    ...(withOwner ? ['owner'] : []),
  ];
  // Ids and owners come from the provider: the table shows them escaped.
  const rows = models.map((m) => [
    m.id,
    FREE_TEXT[String(m.free) as keyof typeof FREE_TEXT],
    ...(withContext ? [m.context_length === null ? '-' : String(m.context_length)] : []),
    ...(withOwner ? [m.owner === null ? '-' : m.owner] : []),
  ]);
  return renderTable(header, rows, { rightAligned: withContext ? [2] : [] });
}
