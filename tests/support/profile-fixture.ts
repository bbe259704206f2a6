// A complete saved Profile for tests and benchmarks of the runs: plausible
// defaults, overridden per test.
import { DEFAULT_REQUEST_SHAPE, type Profile } from '../../src/shared/run';

export function makeProfile(id: string, overrides: Partial<Profile> = {}): Profile {
  return {
    id,
    name: `Profile ${id}`,
    base_url: 'http://127.0.0.1:9/v1',
    model: `model-${id}`,
    dialect: 'openai-chat',
    headers: {},
    defaults: {},
    notes: '',
    allow_insecure_key: false,
    ...DEFAULT_REQUEST_SHAPE,
    query: {},
    // Saved before LastToken kept the flag: the keychain is asked, as for a profile with a key.
    has_key: null,
    proxy_auth: false,
    color: 0,
    builtin: false,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
