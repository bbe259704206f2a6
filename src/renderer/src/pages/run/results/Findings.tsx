// What this run's data shows of the five myths, a headline once per kind
// with the profiles it holds for, and behind a disclosure each profile's
// sentence and the figures it rests on, n beside each (findings-text.ts words
// them, as main's reports do). Profiles that measured nothing, or mostly
// failed, come first.

import { useTranslation } from 'react-i18next';
import type { RunView } from '../../../../../shared/api';
import { findingsText, type FindingGroupText } from '../../../../../shared/results/findings-text';
import { profileOf, type RunProfile } from '../../../../../shared/results/run-profiles';
import { ProfileTag } from './ProfileTag';
import { useWords } from './use-results-text';

export function Findings({
  view,
  profiles,
}: {
  view: Pick<RunView, 'findings' | 'failing_profiles'>;
  profiles: readonly RunProfile[];
}) {
  const text = findingsText(view, useWords());
  return (
    <section className="card stack" aria-labelledby="results-findings-title">
      <div>
        <h2 id="results-findings-title">{text.title}</h2>
        <p className="muted small">{text.intro}</p>
      </div>
      {text.groups.length > 0 && (
        <ul className="findings">
          {text.groups.map((group) => (
            <GroupView
              key={group.reason === null ? group.kind : `failing-${group.reason}`}
              group={group}
              profiles={profiles}
            />
          ))}
        </ul>
      )}
      {text.none !== null && <p>{text.none}</p>}
    </section>
  );
}

function GroupView({
  group,
  profiles,
}: {
  group: FindingGroupText;
  profiles: readonly RunProfile[];
}) {
  const { t } = useTranslation();
  return (
    <li data-finding={group.kind} data-reason={group.reason ?? undefined}>
      <div className="finding-head">
        <span className="finding-title">{group.title}</span>
        <span className="finding-profiles">
          {group.profile_ids.map((id) => (
            <ProfileTag key={id} profile={profileOf(profiles, id)} />
          ))}
        </span>
      </div>
      <details className="finding-details">
        <summary>{t('results.findings.details')}</summary>
        {group.items.map((item, i) => (
          <div
            key={`${item.profile_id}-${i}`}
            className="finding-item"
            data-profile={item.profile_id}
          >
            <ProfileTag profile={profileOf(profiles, item.profile_id)} />
            <p>{item.text}</p>
            {item.evidence.map((line) => (
              <p key={line} className="finding-evidence">
                {line}
              </p>
            ))}
          </div>
        ))}
      </details>
    </li>
  );
}
