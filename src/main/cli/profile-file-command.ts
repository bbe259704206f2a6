// `lasttoken profile export [--out F]` and `profile import F`: the saved
// profiles as a profile file (src/main/profiles/profile-file.ts), without
// keys or proxy credentials, to set up another machine the same way.

import { Readable } from 'node:stream';
import { writeFileAtomically } from '../export';
import {
  MAX_PROFILE_FILE_BYTES,
  ProfileFileError,
  ProfileInputError,
  parseProfileFile,
  toProfileFile,
  type ImportedProfiles,
  type ProfileService,
  type WithheldSetting,
} from '../profiles';
import { FileReadError, readRegularFile } from '../read-regular-file';
import { jsonText, plural, printable, safeLine } from './format';
import { CliFailure, type CliIo } from './io';

export async function exportProfiles(
  profiles: ProfileService,
  out: string | null,
  io: CliIo,
  json: boolean,
): Promise<number> {
  const file = toProfileFile(profiles.list(), new Date());
  const text = `${JSON.stringify(file, null, 2)}\n`;
  if (out === null) {
    io.stdout.write(text);
    return 0;
  }
  const result = await writeFileAtomically(out, () => Readable.from([text]), 'the profile file');
  const count = file.profiles.length;
  io.stdout.write(
    json
      ? jsonText({ ...result, profiles: count }) + '\n'
      : safeLine`wrote ${result.path} (${plural(count, 'profile')}, without keys or proxy credentials; lasttoken profile import reads it)\n`,
  );
  return 0;
}

export async function importProfiles(
  profiles: ProfileService,
  path: string,
  io: CliIo,
  json: boolean,
): Promise<number> {
  let result: ImportedProfiles;
  try {
    result = profiles.importProfiles(parseProfileFile(await readText(path), printable(path)));
  } catch (error) {
    if (error instanceof ProfileFileError || error instanceof ProfileInputError) {
      throw new CliFailure(`${error.message}; nothing was imported`);
    }
    throw error;
  }
  if (json) {
    io.stdout.write(`${jsonText(result)}\n`);
    return 0;
  }
  printImport(result, io);
  return 0;
}

async function readText(path: string): Promise<string> {
  try {
    return await readRegularFile(path, 'a profile file', MAX_PROFILE_FILE_BYTES);
  } catch (error) {
    if (!(error instanceof FileReadError)) throw error;
    throw new CliFailure(`cannot import ${printable(path)}: ${error.reason}; nothing was imported`);
  }
}

function printImport(result: ImportedProfiles, io: CliIo): void {
  const renamed = new Map(result.renamed.map((r) => [r.id, r.from]));
  const withheld = new Map(result.withheld.map((w) => [w.id, w.settings]));
  for (const profile of result.added) {
    const from = renamed.get(profile.id);
    io.stdout.write(
      safeLine`added profile "${profile.name}" (${profile.id})` +
        (from === undefined ? '' : safeLine`: "${from}" is another profile's name here`) +
        '\n',
    );
    const settings = withheld.get(profile.id) ?? [];
    if (settings.length > 0) {
      io.stdout.write(
        '  left out, as a file may not decide them (set again only if you trust it):\n',
      );
      for (const setting of settings) io.stdout.write(withheldLine(profile.id, setting));
    }
  }
  for (const { name, id } of result.skipped) {
    io.stdout.write(safeLine`skipped "${name}": the same profile is saved already (${id})\n`);
  }
  io.stderr.write(
    result.added.length === 0
      ? 'nothing imported: every profile was saved already\n'
      : `${plural(result.added.length, 'profile')} imported${result.skipped.length > 0 ? `, ${result.skipped.length} already here` : ''}; ` +
          'they have no keys here: printf %s "$KEY" | lasttoken profile set-key ID\n',
  );
}

/** What was left out of a profile, and the command that sets it again. */
function withheldLine(id: string, setting: WithheldSetting): string {
  const edit = `lasttoken profile edit ${id}`;
  switch (setting.setting) {
    case 'key_env':
      return safeLine`    its key from $${setting.name}: ${edit} --key-env ${setting.name}\n`;
    case 'allow_insecure_key':
      return safeLine`    its key sent over plain http: ${edit} --allow-insecure-key\n`;
    case 'proxy_url':
      return safeLine`    its proxy ${setting.url}: ${edit} --proxy ${setting.url}\n`;
    case 'direct':
      return safeLine`    no proxy whatever the environment says: ${edit} --no-proxy\n`;
  }
}
