// The answer first: per mode of the run, who came first to the first token,
// to the last, and for a reader, with the interval and n each verdict rests
// on, in the words main's comparisons support (verdict-model.ts picks which
// to quote, verdict-text.ts words it). Profiles that failed are named as not
// measured.

import { Fragment, type ReactNode } from 'react';
import type { RunView } from '../../../../../shared/api';
import { profileOf, type RunProfile } from '../../../../../shared/results/run-profiles';
import {
  verdictsText,
  type Part,
  type VerdictCardText,
} from '../../../../../shared/results/verdict-text';
import { Term } from '../../../components/Term';
import { ProfileTag } from './ProfileTag';
import { useWords } from './use-results-text';

export function VerdictCards({
  view,
  profiles,
}: {
  view: RunView;
  profiles: readonly RunProfile[];
}) {
  const text = verdictsText(view, useWords());
  return (
    <section className="verdicts" aria-labelledby="results-verdicts-title">
      <h2 id="results-verdicts-title" className="visually-hidden">
        {text.title}
      </h2>
      <div className="verdict-cards">
        {text.cards.map((card) => (
          <CardView key={card.mode} card={card} profiles={profiles} />
        ))}
      </div>
    </section>
  );
}

function CardView({ card, profiles }: { card: VerdictCardText; profiles: readonly RunProfile[] }) {
  const parts = (sentence: readonly Part[]) => partsView(sentence, profiles);
  return (
    <article
      className="card verdict-card"
      data-mode={card.mode}
      aria-labelledby={`verdict-${card.mode}`}
    >
      <h3 id={`verdict-${card.mode}`}>{card.title}</h3>
      {card.noneMeasured !== null && <p>{card.noneMeasured}</p>}
      {card.single !== null && <p data-verdict="single">{parts(card.single)}</p>}
      {card.lines.length > 0 && (
        <dl className="verdict-lines">
          {card.lines.map((line) => (
            <div key={line.figure} data-figure={line.figure} data-verdict={line.verdict}>
              <dt>{parts(line.label)}</dt>
              <dd>
                <span className="verdict-badge" data-verdict={line.verdict}>
                  {line.word}
                </span>{' '}
                <span>{parts(line.sentence)}</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {card.notMeasured.length > 0 && (
        <ul className="verdict-unmeasured small">
          {card.notMeasured.map((missing) => (
            <li key={missing.profile_id} data-profile={missing.profile_id}>
              {parts(missing.sentence)}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

/** A sentence with each profile as its tag and each word of jargon explained on focus. */
function partsView(sentence: readonly Part[], profiles: readonly RunProfile[]): ReactNode[] {
  return sentence.map((part, i) => {
    if (typeof part === 'string') return part;
    return (
      <Fragment key={i}>
        {'profile' in part ? (
          <ProfileTag profile={profileOf(profiles, part.profile)} />
        ) : (
          <Term description={part.description}>{part.term}</Term>
        )}
      </Fragment>
    );
  });
}
