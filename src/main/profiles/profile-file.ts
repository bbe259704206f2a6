// A profile file: the saved profiles as one versioned JSON document, to move
// them to another machine (`lasttoken profile export` / `profile import`).
// It never holds a key or a proxy's credentials: those stay in this machine's
// keychain, and are given again where the file is imported. A file comes
// from anywhere, so all of it is checked before anything is saved, and what
// it says is data, never an instruction to this machine (withheldOnImport).

import { z } from 'zod';
import type { Profile, ProfileInput } from '../../shared/run';
import { profileSnapshot } from '../export/run-file-schema';

export const PROFILE_FILE_FORMAT = 'lasttoken-profiles';
export const PROFILE_FILE_VERSION = 1;
/** Thousands of profiles fit in far less. */
export const MAX_PROFILE_FILE_BYTES = 10 * 1024 * 1024;

/** A file that is not a profile file this LastToken can read; the message says what it is instead. */
export class ProfileFileError extends Error {
  override name = 'ProfileFileError';
}

/**
 * What the file says of one profile: its fields as a run file's snapshot has
 * them, less what is this machine's own (its id, its keychain's flags), and
 * checked again as any input is on import.
 */
const entry = profileSnapshot.omit({ id: true, builtin: true, has_key: true, proxy_auth: true });

const document = z.strictObject({
  format: z.literal(PROFILE_FILE_FORMAT),
  version: z.literal(PROFILE_FILE_VERSION),
  exported_at: z.iso.datetime({ offset: true }),
  profiles: z.array(entry),
});

export type ProfileFile = z.output<typeof document>;

/** The file for these profiles: the built-in demo is every LastToken's own and stays out. */
export function toProfileFile(profiles: readonly Profile[], now: Date): ProfileFile {
  return {
    format: PROFILE_FILE_FORMAT,
    version: PROFILE_FILE_VERSION,
    exported_at: now.toISOString(),
    profiles: profiles.filter((p) => !p.builtin).map(profileEntry),
  };
}

function profileEntry(profile: Profile): ProfileFile['profiles'][number] {
  // Field by field: a flag of what this machine's keychain holds means nothing elsewhere.
  return {
    name: profile.name,
    base_url: profile.base_url,
    model: profile.model,
    dialect: profile.dialect,
    headers: profile.headers,
    defaults: { ...profile.defaults },
    params: structuredClone(profile.params),
    notes: profile.notes,
    allow_insecure_key: profile.allow_insecure_key,
    key_header: profile.key_header,
    key_prefix: profile.key_prefix,
    query: profile.query,
    key_env: profile.key_env,
    proxy_mode: profile.proxy_mode,
    proxy_url: profile.proxy_url,
    color: profile.color,
  };
}

/**
 * The profiles a file holds, or a ProfileFileError that says why it cannot
 * be read: not JSON (cut short?), another file, a newer format. Each profile
 * is still checked as any input is when it is saved.
 */
export function parseProfileFile(text: string, where: string): ProfileInput[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ProfileFileError(
      `${where} is not complete JSON: the file is cut short or damaged (export it again)`,
    );
  }
  const head = z.looseObject({ format: z.unknown(), version: z.unknown() }).safeParse(json);
  if (!head.success || head.data.format !== PROFILE_FILE_FORMAT) {
    throw new ProfileFileError(
      head.success &&
        typeof head.data.format === 'string' &&
        head.data.format.startsWith('lasttoken')
        ? `${where} is a LastToken ${head.data.format.replace(/^lasttoken-?/, '') || 'file'} file, not a profile file` +
            ' (lasttoken import reads run files)'
        : `${where} is not a LastToken profile file (lasttoken profile export writes them)`,
    );
  }
  const version = head.data.version;
  if (typeof version === 'number' && version > PROFILE_FILE_VERSION) {
    throw new ProfileFileError(
      `${where} was written by a newer LastToken (profile file version ${version}; this one reads version ${PROFILE_FILE_VERSION}): update LastToken to import it`,
    );
  }
  const parsed = document.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue?.path.join('.') || 'the file';
    throw new ProfileFileError(
      `${where} is not a valid profile file: ${at}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return parsed.data.profiles;
}

/**
 * A setting a profile file carries but does not decide where it is imported,
 * since each would act on the importer's machine: a key variable reads a
 * secret of its environment (AWS_SECRET_ACCESS_KEY, say) and sends it to the
 * file's endpoint; allow_insecure_key sends the key over plain http; a proxy
 * of the file's, or none, routes the requests (the key with them) another way
 * than the machine's own. The importer sets them again, knowingly. What stays
 * only shapes requests to the endpoint the file names, which the importer
 * sees: extra headers and query parameters (never credentials: validate.ts)
 * and the header and prefix the key travels in, to that endpoint alone.
 */
export type WithheldSetting =
  | { setting: 'key_env'; name: string }
  | { setting: 'allow_insecure_key' }
  | { setting: 'proxy_url'; url: string }
  | { setting: 'direct' };

/** The profile as an imported one is saved: without what a file may not decide. */
export function withheldOnImport(input: ProfileInput): {
  input: ProfileInput;
  withheld: WithheldSetting[];
} {
  const withheld: WithheldSetting[] = [];
  if (input.key_env !== null) withheld.push({ setting: 'key_env', name: input.key_env });
  if (input.allow_insecure_key) withheld.push({ setting: 'allow_insecure_key' });
  if (input.proxy_mode === 'url' && input.proxy_url !== null) {
    withheld.push({ setting: 'proxy_url', url: input.proxy_url });
  }
  if (input.proxy_mode === 'direct') withheld.push({ setting: 'direct' });
  return {
    input: {
      ...input,
      key_env: null,
      allow_insecure_key: false,
      proxy_mode: 'env',
      proxy_url: null,
    },
    withheld,
  };
}
