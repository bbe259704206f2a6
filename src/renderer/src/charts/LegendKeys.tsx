// A chart's legend for the keyboard: one toggle button per entry, hidden until
// the keyboard reaches it (the canvas draws the legend everyone else clicks),
// each saying whether its series is shown. Pressing it does what clicking the
// legend does, and clicking the legend updates the buttons.

import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export function LegendKeys(props: {
  names: readonly string[];
  /** Which entries the legend has hidden; absent ones are shown. */
  hidden: ReadonlySet<string>;
  onToggle: (name: string) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  if (props.names.length === 0) return null;
  return (
    <div className="legend-keys" role="group" aria-labelledby={titleId}>
      <span id={titleId} className="legend-keys-title small muted">
        {t('common.chart.legendKeys')}
      </span>
      {props.names.map((name) => (
        <button
          key={name}
          type="button"
          aria-pressed={!props.hidden.has(name)}
          onClick={() => props.onToggle(name)}
        >
          {name}
        </button>
      ))}
    </div>
  );
}
