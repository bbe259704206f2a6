// A profile's name as a reader sees it: the built-in demo's name is
// LastToken's own words, stored in English when the demo was created, so it is
// said in the reader's language while it is still that default; a name anyone
// chose is user text, shown as it is.

import type { Profile } from '../run';
import type { Translate } from './format';

const DEMO_NAME = 'common.demoProfile';

export function displayName(profile: Pick<Profile, 'name' | 'builtin'>, t: Translate): string {
  return profile.builtin && profile.name === t(DEMO_NAME, { lng: 'en' })
    ? t(DEMO_NAME)
    : profile.name;
}
