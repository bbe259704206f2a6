// One saved profile in the list: where it sends requests, which model, its
// key's status, what else it sends, and what can be done with it. The
// built-in demo can only be tested: it is LastToken's, not the user's.

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { secondsDecimals } from '../../../../shared/duration';
import { displayName } from '../../../../shared/i18n/profile-name';
import type { KeyStatus } from '../../../../shared/api';
import type { Profile } from '../../../../shared/run';
import { lasttoken } from '../../api/client';
import { ConfirmButton } from '../../components/ConfirmButton';
import { useFormat } from '../../i18n/format';
import { ConnectionTestResult } from './ConnectionTestResult';
import { needsInsecureKeyConfirmation } from './endpoint-url';
import { KeyStatusLine } from './KeyStatusLine';
import { paramParts } from '../../../../shared/results/params-line';
import { hrefOfProfilesView } from './profiles-view';
import { TIMEOUT_FIELDS } from './profile-draft';
import { useConnectionTest } from './use-connection-test';

export function ProfileCard(props: {
  profile: Profile;
  keyStatus: KeyStatus | null;
  onDuplicate: (profile: Profile) => Promise<void>;
  onDelete: (profile: Profile) => Promise<void>;
}) {
  const { profile, keyStatus } = props;
  const { t } = useTranslation();
  const headingId = useId();
  const test = useConnectionTest(() => lasttoken().profilesTest({ id: profile.id }));
  const keyRefused =
    keyStatus?.state === 'stored' &&
    !profile.allow_insecure_key &&
    needsInsecureKeyConfirmation(profile.base_url);

  return (
    <li className="card profile-card">
      <div className="profile-card-head">
        <h2 id={headingId} className="profile-name wrap-anywhere">
          <span
            className="profile-swatch"
            data-series={profile.color}
            title={t(`profiles.colors.${profile.color}`)}
            aria-hidden="true"
          />
          {displayName(profile, t)}
        </h2>
        {profile.builtin && <span className="badge badge-muted">{t('profiles.card.builtin')}</span>}
      </div>
      <dl className="profile-facts">
        <div>
          <dt>{t('profiles.fields.model')}</dt>
          <dd className="mono wrap-anywhere">{profile.model}</dd>
        </div>
        <div>
          <dt>{t('profiles.fields.base_url')}</dt>
          <dd className={profile.builtin ? '' : 'mono wrap-anywhere'}>
            {profile.builtin ? t('profiles.card.builtinUrl') : profile.base_url}
          </dd>
        </div>
        <div>
          <dt>{t('profiles.fields.dialect')}</dt>
          <dd>{t(`common.dialects.${profile.dialect}`)}</dd>
        </div>
        <div>
          <dt>{t('profiles.fields.key')}</dt>
          <dd>
            <KeyStatusLine builtin={profile.builtin} status={keyStatus} />
          </dd>
        </div>
        {Object.keys(profile.headers).length > 0 && (
          <div>
            <dt>{t('profiles.fields.headers')}</dt>
            <dd className="mono wrap-anywhere">{Object.keys(profile.headers).join(', ')}</dd>
          </div>
        )}
        {/* The demo's connection is LastToken's own (the simulator, never a proxy). */}
        {!profile.builtin && <ConnectionFact profile={profile} />}
        <DefaultsFact profile={profile} />
        <ParamsFact profile={profile} />
        {/* The demo's notes are LastToken's own words: said here in the UI's language. */}
        {(profile.builtin || profile.notes.trim() !== '') && (
          <div className="profile-notes">
            <dt>{t('profiles.fields.notes')}</dt>
            <dd className="wrap-anywhere">
              {profile.builtin ? t('profiles.card.builtinAbout') : profile.notes}
            </dd>
          </div>
        )}
      </dl>
      {keyRefused && <p className="message message-warning">{t('profiles.card.keyRefused')}</p>}
      {profile.builtin && <p className="small muted">{t('profiles.card.builtinNote')}</p>}
      <div className="card-actions">
        <button
          type="button"
          aria-describedby={headingId}
          disabled={test.state.kind === 'running'}
          onClick={test.start}
        >
          {t('profiles.test.action')}
        </button>
        {!profile.builtin && (
          <>
            <a
              className="button"
              href={hrefOfProfilesView({ kind: 'edit', id: profile.id })}
              aria-describedby={headingId}
            >
              {t('common.actions.edit')}
            </a>
            <button
              type="button"
              aria-describedby={headingId}
              onClick={() => void props.onDuplicate(profile)}
            >
              {t('common.actions.duplicate')}
            </button>
            <ConfirmButton
              label={t('common.actions.delete')}
              question={t('profiles.card.deleteQuestion', { name: profile.name })}
              onConfirm={() => props.onDelete(profile)}
            />
          </>
        )}
      </div>
      <ConnectionTestResult state={test.state} />
    </li>
  );
}

/** The run settings this profile suggests, when it has any. */
/** How its requests differ from the plain case: key header, key variable, query, proxy. */
function ConnectionFact({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const parts = [
    ...(profile.key_header === null
      ? []
      : [t('profiles.card.keyHeader', { header: profile.key_header })]),
    ...(profile.key_env === null ? [] : [t('profiles.card.keyEnv', { name: profile.key_env })]),
    ...(Object.keys(profile.query).length === 0
      ? []
      : [t('profiles.card.query', { names: Object.keys(profile.query).join(', ') })]),
    ...(profile.proxy_mode === 'direct' ? [t('profiles.card.noProxy')] : []),
    ...(profile.proxy_mode === 'url' && profile.proxy_url !== null
      ? [t('profiles.card.proxy', { url: profile.proxy_url })]
      : []),
  ];
  if (parts.length === 0) return null;
  return (
    <div>
      <dt>{t('profiles.connection.title')}</dt>
      <dd className="wrap-anywhere">{parts.join(t('profiles.card.separator'))}</dd>
    </div>
  );
}

function DefaultsFact({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const format = useFormat();
  const parts = [
    ...(profile.defaults.max_tokens === undefined
      ? []
      : [t('profiles.card.maxTokens', { value: format.count(profile.defaults.max_tokens) })]),
    ...TIMEOUT_FIELDS.flatMap((field) => {
      const ms = profile.defaults[field];
      return ms === undefined
        ? []
        : [
            t(`profiles.card.timeout.${field}`, {
              value: t('common.units.s', { value: format.number(ms / 1000, secondsDecimals(ms)) }),
            }),
          ];
    }),
    ...(profile.defaults.max_rpm === undefined
      ? []
      : [t('profiles.card.maxRpm', { value: format.count(profile.defaults.max_rpm) })]),
  ];
  if (parts.length === 0) return null;
  return (
    <div>
      <dt>{t('profiles.fields.defaults')}</dt>
      <dd>{parts.join(t('profiles.card.separator'))}</dd>
    </div>
  );
}

/** The request parameters it sends, when it sends any. */
function ParamsFact({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const format = useFormat();
  const parts = paramParts(profile.params, format.count);
  if (parts.length === 0) return null;
  return (
    <div>
      <dt>{t('profiles.fields.params')}</dt>
      <dd className="wrap-anywhere">
        {parts.map((part) => t(part.key, part.values)).join(t('profiles.card.separator'))}
      </dd>
    </div>
  );
}
