// What the data shows, a headline once per kind: the findings of every
// profile grouped under the kind they share (in main's order of kinds, the
// profiles in the run's), failing profiles first, those that measured nothing
// apart from those that mostly failed. Pure, so the grouping is tested without a page.

import type { FailingProfile } from '../failing-profiles';
import type { Finding, FindingKind } from '../findings';

export type FindingGroup =
  | { kind: 'failing'; reason: 'none' | 'most'; failures: FailingProfile[] }
  | { kind: FindingKind; findings: Finding[] };

export function findingGroups(
  findings: readonly Finding[],
  failing: readonly FailingProfile[],
): FindingGroup[] {
  const groups: FindingGroup[] = [];
  for (const reason of ['none', 'most'] as const) {
    const failures = failing.filter((f) => (f.ok === 0) === (reason === 'none'));
    if (failures.length > 0) groups.push({ kind: 'failing', reason, failures });
  }
  const byKind = new Map<FindingKind, Finding[]>();
  for (const finding of findings) {
    const own = byKind.get(finding.kind);
    if (own) own.push(finding);
    else byKind.set(finding.kind, [finding]);
  }
  for (const [kind, list] of byKind) groups.push({ kind, findings: list });
  return groups;
}

/** The profiles a group is about, each once, in the order they come. */
export function groupProfiles(group: FindingGroup): string[] {
  const items = group.kind === 'failing' ? group.failures : group.findings;
  return [...new Set(items.map((item) => item.profile_id))];
}
