// Main's messages as keys: the English main words for the CLI is the
// catalogue's, filled in; the API answer keeps the key for the renderer; and
// the renderer words it in the reader's language, or in main's English when
// the error has no key.

import { describe, expect, it } from 'vitest';
import { ApiCallError } from '../../src/shared/api-client';
import { englishOf, MESSAGES } from '../../src/shared/messages';
import { toApiError } from '../../src/main/ipc/api-error';
import { ProfileInputError } from '../../src/main/profiles';
import { RunInProgressError } from '../../src/main/runs/run-service';
import { errorText } from '../../src/renderer/src/i18n/error-text';

describe('main messages', () => {
  it('word their English from the catalogue, values filled in', () => {
    expect(englishOf({ key: 'runs.still_going', values: { run_id: 'r1' } })).toBe(
      MESSAGES.en.runs.still_going.replace('{{run_id}}', 'r1'),
    );
    expect(
      new RunInProgressError({ key: 'runs.still_going', values: { run_id: 'r1' } }).message,
    ).toContain('r1');
  });

  it('keep their key and field in the API answer', () => {
    const answer = toApiError(
      new ProfileInputError('key_header', { key: 'profiles.key_header_not_text' }),
    );
    expect(answer).toEqual({
      code: 'invalid',
      field: 'key_header',
      message: MESSAGES.en.profiles.key_header_not_text,
      text: { key: 'profiles.key_header_not_text' },
    });
    expect(toApiError(new ProfileInputError('name', 'plain words'))).not.toHaveProperty('text');
  });

  it('are worded in the reader’s language by the renderer', () => {
    const error = new ApiCallError(
      toApiError(new RunInProgressError({ key: 'runs.still_going', values: { run_id: 'r9' } })),
    );
    const t = (key: string, values?: Record<string, unknown>) => `${key}|${JSON.stringify(values)}`;
    expect(errorText(t, error)).toContain('messages.runs.still_going');
    expect(errorText(t, error)).toContain('r9');
    const plain = new ApiCallError({ code: 'invalid', message: 'as main said it' });
    expect(errorText(t, plain)).toContain('as main said it');
  });
});
