import { LIMITS, ValidationError, messages, type CaseBulkUpdateTreeBody } from '@testament/contracts';
import type { ReadStore } from '@testament/infra';
import { listLabels } from '@testament/projections/labels/queries';
import type { CaseDocument } from '@testament/projections/cases/queries';

/**
 * A bulk `add` of labels leaves every selected case within LIMITS.labelsPerCase, or it is refused
 * whole, naming the first case that would not fit: before the job makes the names the project
 * lacks, and before it changes the first case (the case's decider would stop the job there).
 */
export async function requireLabelsFit(
  readStore: ReadStore,
  projectId: number,
  selected: readonly CaseDocument[],
  change: Pick<CaseBulkUpdateTreeBody, 'labels_action' | 'labels'>,
): Promise<void> {
  if (change.labels_action !== 'add' || !change.labels) return;
  const existing = await listLabels(readStore, projectId);
  const ids = new Set(existing.map((label) => label._id));
  const byName = new Map(existing.map((label) => [label.name.trim().toLowerCase(), label._id]));
  const known = new Set<number>();
  const made = new Set<string>();
  for (const label of change.labels) {
    const id = label.id !== undefined ? (ids.has(label.id) ? label.id : undefined) : byName.get(label.name.trim().toLowerCase());
    if (id !== undefined) known.add(id);
    else if (label.id === undefined) made.add(label.name.trim().toLowerCase());
  }
  for (const found of selected) {
    const alreadyThere = found.labelIds.filter((labelId) => known.has(labelId)).length;
    if (found.labelIds.length + known.size - alreadyThere + made.size > LIMITS.labelsPerCase)
      throw ValidationError.of('labels', messages.caseLabelsOverLimit(found._id, LIMITS.labelsPerCase));
  }
}
