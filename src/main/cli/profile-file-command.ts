// `lasttoken profile export [--out F]` and `profile import F`: the saved
// profiles as a profile file (src/main/profiles/profile-file.ts), without
// keys or proxy credentials, to set up another machine the same way.

import { readFile, stat } from 'node:fs/promises';
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
} from '../profiles';
import { jsonText, oneLine, plural, printable } from './format';
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
      : `wrote ${printable(result.path)} (${plural(count, 'profile')}, without keys or proxy credentials; lasttoken profile import reads it)\n`,
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
  const refuse = (reason: string): never => {
    throw new CliFailure(`cannot import ${printable(path)}: ${reason}; nothing was imported`);
  };
  try {
    const info = await stat(path);
    if (!info.isFile()) refuse('it is not a file');
    if (info.size > MAX_PROFILE_FILE_BYTES)
      refuse(`it is larger than a profile file can be (${MAX_PROFILE_FILE_BYTES} bytes)`);
    return await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof CliFailure) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    return refuse(
      code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : String(error),
    );
  }
}

function printImport(result: ImportedProfiles, io: CliIo): void {
  const renamed = new Map(result.renamed.map((r) => [r.id, r.from]));
  for (const profile of result.added) {
    const from = renamed.get(profile.id);
    io.stdout.write(
      `added profile "${oneLine(profile.name)}" (${profile.id})${from === undefined ? '' : `: "${oneLine(from)}" is another profile's name here`}\n`,
    );
  }
  for (const { name, id } of result.skipped) {
    io.stdout.write(`skipped "${oneLine(name)}": the same profile is saved already (${id})\n`);
  }
  io.stderr.write(
    result.added.length === 0
      ? 'nothing imported: every profile was saved already\n'
      : `${plural(result.added.length, 'profile')} imported${result.skipped.length > 0 ? `, ${result.skipped.length} already here` : ''}; ` +
          'they have no keys here: lasttoken profile set-key ID (or --key-env VAR), and give a proxy’s credentials again with profile edit ID --proxy URL\n',
  );
}
