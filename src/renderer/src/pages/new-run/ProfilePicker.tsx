// The profiles a run measures side by side: each with its model, whether
// its key is stored, and whether its last connection test failed. A profile
// without a key can still be chosen (a local server needs none); the plan
// says which requests go without one.

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../../../shared/i18n/profile-name';
import type { KeyStatus, ProfileCheck } from '../../../../shared/api';
import type { Profile } from '../../../../shared/run';
import { hrefOf } from '../../router';

export function ProfilePicker(props: {
  profiles: readonly Profile[];
  /** Undefined while the keychain is being asked, or when it could not be. */
  keys: Record<string, KeyStatus> | undefined;
  /** Each profile's last connection test, by id; undefined while asked. */
  checks: Record<string, ProfileCheck> | undefined;
  selected: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const chosen = new Set(props.selected);
  const toggle = (id: string, on: boolean): void => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    props.onChange(props.profiles.filter((p) => next.has(p.id)).map((p) => p.id));
  };
  const onlyBuiltin = props.profiles.every((p) => p.builtin);
  const unavailable = Object.values(props.keys ?? {}).find(
    (status): status is Extract<KeyStatus, { state: 'unavailable' }> =>
      status.state === 'unavailable',
  );

  return (
    <section className="card stack" aria-labelledby={titleId}>
      <header className="card-header">
        <div>
          <h2 id={titleId}>{t('runs.new.profiles.title')}</h2>
          <p className="hint">
            {t('runs.new.profiles.chosen', {
              chosen: props.selected.length,
              total: props.profiles.length,
            })}
          </p>
        </div>
        <div className="card-actions">
          <button
            type="button"
            onClick={() => props.onChange(props.profiles.map((p) => p.id))}
            disabled={props.selected.length === props.profiles.length}
          >
            {t('runs.new.profiles.all')}
          </button>
          <button
            type="button"
            onClick={() => props.onChange([])}
            disabled={props.selected.length === 0}
          >
            {t('runs.new.profiles.none')}
          </button>
          <a className="button" href={hrefOf({ page: 'profiles' })}>
            {t('runs.new.profiles.manage')}
          </a>
        </div>
      </header>
      <fieldset className="profile-options">
        <legend className="visually-hidden">{t('runs.new.profiles.title')}</legend>
        {props.profiles.map((profile) => (
          <label key={profile.id} className="profile-option">
            <input
              type="checkbox"
              checked={chosen.has(profile.id)}
              onChange={(e) => toggle(profile.id, e.target.checked)}
            />
            <span className="profile-option-text">
              <span className="profile-option-name wrap-anywhere">
                <span className="profile-swatch" data-series={profile.color} aria-hidden="true" />
                {displayName(profile, t)}
              </span>
              <span className="mono small muted profile-option-model" title={profile.model}>
                {profile.model}
              </span>
              <KeyBadge profile={profile} status={props.keys?.[profile.id]} />
              {props.checks?.[profile.id] && props.checks[profile.id]?.status !== 'ok' && (
                <span className="badge badge-failed">{t('runs.new.profiles.lastTestFailed')}</span>
              )}
            </span>
          </label>
        ))}
      </fieldset>
      {unavailable && (
        <p className="message message-warning">
          {t('runs.new.profiles.keychainUnavailable', { reason: unavailable.reason })}
        </p>
      )}
      {onlyBuiltin && (
        <p className="hint">
          {t('runs.new.profiles.onlyDemo')}{' '}
          <a href={hrefOf({ page: 'profiles' })}>{t('runs.new.profiles.addOwn')}</a>
        </p>
      )}
    </section>
  );
}

function KeyBadge({ profile, status }: { profile: Profile; status: KeyStatus | undefined }) {
  const { t } = useTranslation();
  if (profile.builtin) {
    return <span className="badge badge-muted">{t('common.keyStatus.builtin')}</span>;
  }
  switch (status?.state) {
    case 'stored':
      return <span className="badge badge-ok">{t('runs.new.profiles.keyStored')}</span>;
    case 'none':
      return <span className="badge badge-warning">{t('runs.new.profiles.keyNone')}</span>;
    case 'unavailable':
      return <span className="badge badge-failed">{t('runs.new.profiles.keyUnavailable')}</span>;
    case undefined:
      return <span className="badge badge-muted">{t('runs.new.profiles.keyUnknown')}</span>;
  }
}
