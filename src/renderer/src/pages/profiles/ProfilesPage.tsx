// Profiles: the endpoints a run measures. The list (with each key's status, a
// connection test, duplicate and delete), and the form for a new or a saved
// profile. The built-in demo is there from the first start, so a newcomer can
// run something at once.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../../../shared/i18n/profile-name';
import { freeProfileColor, type Profile } from '../../../../shared/run';
import { lasttoken } from '../../api/client';
import { EmptyState } from '../../components/EmptyState';
import { ErrorMessage } from '../../components/ErrorMessage';
import { Loaded } from '../../components/Loaded';
import { hrefOf } from '../../router';
import { errorText, type Translate } from '../../i18n/error-text';
import { Notice, type NoticeContent } from './Notice';
import { ProfileCard } from './ProfileCard';
import { ProfileEditor } from './ProfileEditor';
import { keyStatusOf, type ProfilesData } from './profiles-data';
import { hrefOfProfilesView } from './profiles-view';
import { useProfilesData } from './use-profiles-data';
import { showProfilesView, useProfilesView } from './use-profiles-view';
import './profiles.css';

export function ProfilesPage() {
  const { t } = useTranslation();
  const view = useProfilesView();
  const data = useProfilesData();
  const [notice, setNotice] = useState<NoticeContent | null>(null);
  // A notice belongs to the list it was shown on: opening a form drops it.
  const [shownKind, setShownKind] = useState(view.kind);
  if (view.kind !== shownKind) {
    setShownKind(view.kind);
    if (view.kind !== 'list') setNotice(null);
  }

  const backToList = async (content: NoticeContent): Promise<void> => {
    await data.reload();
    setNotice(content);
    showProfilesView({ kind: 'list' });
  };

  if (view.kind === 'new') {
    return (
      <ProfileEditor
        key="new"
        profile={null}
        suggestedColor={
          data.loaded.state === 'ready'
            ? freeProfileColor(data.loaded.value.profiles.map((p) => p.color))
            : null
        }
        keyStatus={null}
        onSaved={(profile, keyStored) => backToList(savedNotice(t, profile, keyStored))}
        onChanged={data.reload}
      />
    );
  }

  return (
    <Loaded value={data}>
      {(loaded) => {
        if (view.kind === 'edit') {
          const profile = loaded.profiles.find((p) => p.id === view.id);
          if (!profile || profile.builtin) return <CannotEdit profile={profile ?? null} />;
          return (
            <ProfileEditor
              key={profile.id}
              profile={profile}
              keyStatus={keyStatusOf(loaded, profile.id)}
              onSaved={(saved, keyStored) => backToList(savedNotice(t, saved, keyStored))}
              onChanged={data.reload}
            />
          );
        }
        return (
          <ProfileList data={loaded} notice={notice} onNotice={setNotice} onChanged={data.reload} />
        );
      }}
    </Loaded>
  );
}

function savedNotice(t: Translate, profile: Profile, keyStored: boolean): NoticeContent {
  return {
    tone: 'info',
    text: keyStored
      ? t('profiles.notice.savedWithKey', { name: profile.name })
      : t('profiles.notice.saved', { name: profile.name }),
  };
}

function ProfileList(props: {
  data: ProfilesData;
  notice: NoticeContent | null;
  onNotice: (notice: NoticeContent | null) => void;
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { profiles } = props.data;
  const demo = profiles.find((p) => p.builtin);
  const own = profiles.filter((p) => !p.builtin);

  const duplicate = async (profile: Profile): Promise<void> => {
    try {
      const copy = await lasttoken().profilesDuplicate({ id: profile.id });
      await props.onChanged();
      props.onNotice({
        tone: 'info',
        text: t('profiles.notice.duplicated', { name: copy.name }),
        action: {
          label: t('profiles.notice.editCopy'),
          href: hrefOfProfilesView({ kind: 'edit', id: copy.id }),
        },
      });
    } catch (error) {
      props.onNotice({ tone: 'error', text: errorText(t, error) });
    }
  };

  const remove = async (profile: Profile): Promise<void> => {
    try {
      const removed = await lasttoken().profilesRemove({ id: profile.id });
      await props.onChanged();
      props.onNotice(
        removed.warning === null
          ? { tone: 'info', text: t('profiles.notice.deleted', { name: profile.name }) }
          : {
              tone: 'warning',
              text: t('profiles.notice.deletedKeyMayRemain', {
                name: profile.name,
                warning: removed.warning,
              }),
            },
      );
    } catch (error) {
      props.onNotice({ tone: 'error', text: errorText(t, error) });
    }
  };

  return (
    <div className="stack">
      <header className="page-header">
        <div>
          <h1>{t('profiles.title')}</h1>
          <p>{t('profiles.intro')}</p>
        </div>
        <div className="page-actions">
          <a className="button primary" href={hrefOfProfilesView({ kind: 'new' })}>
            {t('profiles.add')}
          </a>
        </div>
      </header>
      {props.notice && <Notice content={props.notice} onClose={() => props.onNotice(null)} />}
      {demo && own.length === 0 && (
        <div className="message message-info demo-note">
          <p>{t('profiles.demoNote', { name: displayName(demo, t) })}</p>
          <a className="button" href={hrefOf({ page: 'new-run' })}>
            {t('profiles.demoAction')}
          </a>
        </div>
      )}
      {!props.data.keys.ok && (
        <div className="stack">
          <p className="muted">{t('profiles.keysUnknown')}</p>
          <ErrorMessage error={props.data.keys.error} onRetry={() => void props.onChanged()} />
        </div>
      )}
      {profiles.length > 0 && (
        <ul className="profile-list" aria-label={t('profiles.listLabel')}>
          {profiles.map((profile) => (
            <ProfileCard
              key={profile.id}
              profile={profile}
              keyStatus={keyStatusOf(props.data, profile.id)}
              onDuplicate={duplicate}
              onDelete={remove}
            />
          ))}
        </ul>
      )}
      {own.length === 0 && (
        <EmptyState title={t('profiles.empty.title')}>
          <p>{t('profiles.empty.body')}</p>
          <a className="button primary" href={hrefOfProfilesView({ kind: 'new' })}>
            {t('profiles.add')}
          </a>
        </EmptyState>
      )}
    </div>
  );
}

/** An address naming a profile that is gone, or the demo (which is not the user's to change). */
function CannotEdit({ profile }: { profile: Profile | null }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={
        profile
          ? t('profiles.cannotEdit.builtin', { name: displayName(profile, t) })
          : t('profiles.cannotEdit.missing')
      }
    >
      <a href={hrefOfProfilesView({ kind: 'list' })}>{t('profiles.form.back')}</a>
    </EmptyState>
  );
}
