// `lasttoken profile ...`: saved endpoints in the history database, their keys
// in the OS keychain. A key enters through stdin or an environment variable
// and goes straight to the keychain; nothing here can read it back.

import { editedParams } from './request-params-args';
import type { Profile } from '../../shared/run';
import { keyWouldBeRefused, type ProfileService } from '../profiles';
import { KeychainUnavailableError } from '../secrets';
import { jsonText, safeLine } from './format';
import { keyFromEnv } from './options';
import { complain, type CliDeps, type CliIo } from './io';
import { exportProfiles, importProfiles } from './profile-file-command';
import { readKeyFromStdin } from './secret-input';
import type { StoreCommand } from './store-args';
import { withStore, withStoreToRead } from './store-session';
import { renderTable } from './table';

type ProfileCommand = Extract<StoreCommand, { kind: `profile-${string}` }>;

export function runProfileCommand(
  command: ProfileCommand,
  io: CliIo,
  deps: CliDeps,
): Promise<number> {
  // Listing only reads; every other profile command writes the history.
  const reads = command.kind === 'profile-list' || command.kind === 'profile-export';
  const open = reads ? withStoreToRead : withStore;
  return open(command.target, io, deps, async ({ profiles }) => {
    const json = command.target.json;
    switch (command.kind) {
      case 'profile-add': {
        const profile = await profiles.add(command.draft);
        io.stdout.write(json ? toJson(profile) : `${profile.id}\n`);
        io.stderr.write(
          profile.key_env === null
            ? safeLine`saved profile "${profile.name}"; if its endpoint needs a key: ` +
                safeLine`printf %s "$KEY" | lasttoken profile set-key ${profile.id}\n`
            : safeLine`saved profile "${profile.name}"; its key is read from $${profile.key_env} when it runs\n`,
        );
        warnInsecure(io, profile);
        return 0;
      }
      case 'profile-list':
        return listProfiles(profiles, io, json);
      case 'profile-edit': {
        const current = profiles.find(command.profile);
        const { defaults, ...patch } = command.patch;
        const updated = await profiles.edit(current.id, {
          ...patch,
          // --max-tokens changes that default only; the others (timeouts) stay.
          defaults: defaults ? { ...current.defaults, ...defaults } : undefined,
          // Likewise --temperature: the other parameters stay.
          params: command.params ? editedParams(current.params, command.params) : undefined,
        });
        io.stdout.write(
          json ? toJson(updated) : safeLine`updated profile "${updated.name}" (${updated.id})\n`,
        );
        warnInsecure(io, updated);
        return 0;
      }
      case 'profile-remove': {
        const profile = profiles.find(command.profile);
        const removed = await profiles.remove(profile.id);
        io.stdout.write(
          json
            ? toJson({
                id: profile.id,
                name: profile.name,
                removed: true,
                key_removed: removed.key_removed,
                warning: removed.warning,
              })
            : safeLine`removed profile "${profile.name}" (${profile.id}); its past runs keep their copy of it\n`,
        );
        if (removed.warning)
          complain(io, `warning: the profile was removed, but ${removed.warning}`);
        return 0;
      }
      case 'profile-set-key': {
        const profile = profiles.find(command.profile);
        // Refused before a key is asked for.
        profiles.checkCanHoldKey(profile);
        const key =
          command.fromEnv === null
            ? await readKeyFromStdin(
                io.stdin,
                io.stderr,
                safeLine`API key for "${profile.name}" (typing is not shown; Enter to finish): `,
              )
            : keyFromEnv(
                io.env,
                command.fromEnv,
                '--from-env',
                'export the key in it first, or pipe the key on stdin',
              );
        await profiles.setKey(profile.id, key);
        io.stdout.write(
          json
            ? toJson({ id: profile.id, name: profile.name, has_key: true })
            : safeLine`stored the key of "${profile.name}" (${profile.id}) in the OS keychain\n`,
        );
        warnInsecure(io, profile);
        return 0;
      }
      case 'profile-export':
        return exportProfiles(profiles, command.out, io, json);
      case 'profile-import':
        return importProfiles(profiles, command.file, io, json);
      case 'profile-delete-key': {
        const profile = profiles.find(command.profile);
        const had = await profiles.hasKey(profile.id);
        await profiles.deleteKey(profile.id);
        io.stdout.write(
          json
            ? toJson({ id: profile.id, name: profile.name, has_key: false, deleted: had })
            : had
              ? safeLine`deleted the key of "${profile.name}" (${profile.id}) from the OS keychain\n`
              : safeLine`"${profile.name}" (${profile.id}) had no key in the OS keychain\n`,
        );
        return 0;
      }
    }
  });
}

async function listProfiles(profiles: ProfileService, io: CliIo, json: boolean): Promise<number> {
  const list = profiles.list();
  // One keychain question per profile; once it cannot be reached, stop asking.
  let unavailable: KeychainUnavailableError | null = null;
  const keys = new Map<string, boolean | null>();
  for (const profile of list) {
    if (unavailable) {
      keys.set(profile.id, profile.builtin ? false : null);
      continue;
    }
    try {
      keys.set(profile.id, await profiles.hasKey(profile.id));
    } catch (error) {
      if (!(error instanceof KeychainUnavailableError)) throw error;
      unavailable = error;
      keys.set(profile.id, null);
    }
  }

  if (json) {
    io.stdout.write(toJson(list.map((p) => ({ ...p, has_key: keys.get(p.id) ?? null }))));
  } else {
    const keyCell = (p: Profile): string => {
      if (p.builtin) return 'not needed';
      const has = keys.get(p.id);
      const stored = has === null || has === undefined ? 'unknown' : has ? 'yes' : 'no';
      // A key variable comes first when it runs; the keychain is what is left when it is unset.
      return p.key_env === null ? stored : `$${p.key_env}${has ? ' or keychain' : ''}`;
    };
    io.stdout.write(
      renderTable(
        ['id', 'name', 'model', 'base_url', 'dialect', 'key'],
        list.map((p) => [p.id, p.name, p.model, p.base_url, p.dialect, keyCell(p)]),
        { maxWidth: { 1: 40, 2: 40, 3: 60 } },
      ),
    );
  }
  if (unavailable) complain(io, `key status unknown: ${unavailable.message}`);
  return 0;
}

/** A key for this profile would be refused at run time: say how to confirm it. */
function warnInsecure(io: CliIo, profile: Profile): void {
  if (!keyWouldBeRefused(profile)) return;
  io.stderr.write(
    safeLine`note: ${profile.base_url} is plain http to another machine: runs will not send this profile's key ` +
      safeLine`over it unless you confirm with lasttoken profile edit ${profile.id} --allow-insecure-key\n`,
  );
}

function toJson(value: unknown): string {
  return `${jsonText(value)}\n`;
}
