// `lasttoken presets [--json]`: the built-in provider presets that
// `profile add --preset NAME --model M` starts from.

import { DIALECT_KEY_HEADERS, PROVIDER_PRESETS, type ProviderPreset } from '../../shared/presets';
import { jsonText } from './format';
import type { CliIo } from './io';
import { renderTable } from './table';

/** The header the key travels in, as a request shows it: `Authorization: Bearer KEY`. */
function keyHeaderText(preset: ProviderPreset): string {
  const { name, prefix } = preset.key_header ?? DIALECT_KEY_HEADERS[preset.dialect];
  // A local server takes a key only when it was started with one.
  return `${name}: ${prefix}KEY${preset.local ? ', if any' : ''}`;
}

export function runPresets(io: CliIo, json: boolean): number {
  if (json) {
    io.stdout.write(`${jsonText(PROVIDER_PRESETS)}\n`);
    return 0;
  }
  io.stdout.write(
    renderTable(
      ['preset', 'provider', 'base_url', 'dialect', 'key', 'note'],
      PROVIDER_PRESETS.map((p) => [p.id, p.name, p.base_url, p.dialect, keyHeaderText(p), p.note]),
    ),
  );
  io.stdout.write(
    '\nlasttoken profile add --preset NAME --model MODEL [--name TEXT] adds a profile from one ' +
      '(any other profile flag overrides what the preset fills in)\n',
  );
  return 0;
}
