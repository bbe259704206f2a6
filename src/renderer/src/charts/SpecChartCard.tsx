// A chart of a run as its ChartSpec words and draws it (src/shared/results/
// charts/): the title, paragraphs, option and height main's report has too,
// and what the pointer can do here (zoom, hover), which a report leaves out.

import type { ReactNode } from 'react';
import type { ChartSpec } from '../../../shared/results/chart-spec';
import { ChartCard } from './ChartCard';

export function SpecChartCard(props: {
  spec: ChartSpec;
  /** The saved file's name, without .png. */
  fileName: string;
  /** Controls above the chart (a switch between views). */
  controls?: ReactNode;
}) {
  const { spec } = props;
  return (
    <ChartCard
      title={spec.title}
      description={[...spec.description, ...spec.hints].map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      option={spec.option}
      height={spec.height}
      fileName={props.fileName}
      controls={props.controls}
    />
  );
}
