import type { Attachment, CaseDetail } from '@testament/contracts';
import { attributeText } from '../../../entities/custom-attribute/attribute-value.ts';
import { interleaved } from './step-order.ts';

type CaseStep = CaseDetail['steps'][number];

/** The fields a comparison shows, in the drawer's order. */
export type DiffField =
  | 'name'
  | 'suite'
  | 'is_archive'
  | 'description'
  | 'setup'
  | 'is_steps'
  | 'scenario'
  | 'expected'
  | 'steps'
  | 'teardown'
  | 'estimate'
  | 'labels'
  | 'attributes'
  | 'attachments';

/** Markdown that may run long: compared line by line, then word by word. */
export const LONG_TEXT_FIELDS: ReadonlySet<DiffField> = new Set(['description', 'setup', 'scenario', 'expected', 'teardown']);

export type Change = 'added' | 'removed' | 'changed' | 'same';

export interface StepDiff {
  id: number;
  /** `moved`: the same content at another place among the steps both versions have. */
  change: Change | 'moved';
  older: CaseStep | null;
  newer: CaseStep | null;
  /** What of a step in both versions differs. */
  fields: Array<'name' | 'scenario' | 'expected' | 'attachments'>;
}

export interface AttributeDiff {
  name: string;
  change: Change;
  older: string | null;
  newer: string | null;
}

export type FieldDiff =
  | {
      field: Exclude<DiffField, 'is_archive' | 'is_steps' | 'steps' | 'labels' | 'attributes' | 'attachments'>;
      kind: 'text';
      changed: boolean;
      older: string;
      newer: string;
    }
  | { field: 'is_archive' | 'is_steps'; kind: 'flag'; changed: boolean; older: boolean; newer: boolean }
  | { field: 'labels'; kind: 'names'; changed: boolean; added: string[]; removed: string[]; kept: string[] }
  | { field: 'attachments'; kind: 'files'; changed: boolean; added: Attachment[]; removed: Attachment[]; kept: Attachment[] }
  | { field: 'attributes'; kind: 'attributes'; changed: boolean; entries: AttributeDiff[] }
  | { field: 'steps'; kind: 'steps'; changed: boolean; steps: StepDiff[] };

/** Items of two sets by their identity: those only the newer has, only the older has, and both. */
function setDiff<T>(older: readonly T[], newer: readonly T[], identity: (item: T) => number) {
  const [olderIds, newerIds] = [new Set(older.map(identity)), new Set(newer.map(identity))];
  const added = newer.filter((item) => !olderIds.has(identity(item)));
  const removed = older.filter((item) => !newerIds.has(identity(item)));
  return { added, removed, kept: newer.filter((item) => olderIds.has(identity(item))), changed: added.length + removed.length > 0 };
}

const sameFiles = (a: readonly Attachment[], b: readonly Attachment[]) =>
  a.length === b.length && a.every((file, index) => file.id === b[index]!.id);

/**
 * Steps matched by their id, which a step keeps across versions: each added,
 * removed, changed (and in what), moved among the steps both have, or the
 * same; in the newer version's order, a removed step where it stood before.
 */
export function stepsDiff(older: readonly CaseStep[], newer: readonly CaseStep[]): StepDiff[] {
  const [olderById, newerById] = [new Map(older.map((step) => [step.id, step])), new Map(newer.map((step) => [step.id, step]))];
  const inBoth = (steps: readonly CaseStep[]) =>
    steps.filter((step) => olderById.has(step.id) && newerById.has(step.id)).map((step) => step.id);
  const [olderPlaces, newerPlaces] = [inBoth(older), inBoth(newer)];
  const order = interleaved(
    newer.map((step) => String(step.id)),
    older.map((step) => String(step.id)),
  ).map(Number);
  return order.map((id): StepDiff => {
    const [was, is] = [olderById.get(id) ?? null, newerById.get(id) ?? null];
    if (!was || !is) return { id, change: was ? 'removed' : 'added', older: was, newer: is, fields: [] };
    const fields = (['name', 'scenario', 'expected'] as const).filter((field) => was[field] !== is[field]);
    const changed = sameFiles(was.attachments, is.attachments) ? fields : [...fields, 'attachments' as const];
    const moved = olderPlaces.indexOf(id) !== newerPlaces.indexOf(id);
    return { id, change: changed.length > 0 ? 'changed' : moved ? 'moved' : 'same', older: was, newer: is, fields: changed };
  });
}

function attributesDiff(older: Record<string, unknown>, newer: Record<string, unknown>): AttributeDiff[] {
  const names = [...new Set([...Object.keys(newer), ...Object.keys(older)])];
  return names.map((name) => {
    const [was, is] = [name in older ? attributeText(older[name]) : null, name in newer ? attributeText(newer[name]) : null];
    const change: Change = was === null ? 'added' : is === null ? 'removed' : was === is ? 'same' : 'changed';
    return { name, change, older: was, newer: is };
  });
}

/** Two versions of a case compared field by field (the History tab's comparison). */
export function compareVersions(older: CaseDetail, newer: CaseDetail): FieldDiff[] {
  const text = (field: Extract<FieldDiff, { kind: 'text' }>['field'], read: (version: CaseDetail) => string): FieldDiff => {
    const [was, is] = [read(older), read(newer)];
    return { field, kind: 'text', changed: was !== is, older: was, newer: is };
  };
  const flag = (field: 'is_archive' | 'is_steps'): FieldDiff => ({
    field,
    kind: 'flag',
    changed: older[field] !== newer[field],
    older: older[field],
    newer: newer[field],
  });
  const labels = setDiff(older.labels, newer.labels, (label) => label.id);
  const names = (items: ReadonlyArray<{ name: string }>) => items.map((item) => item.name);
  const attributes = attributesDiff(older.attributes, newer.attributes);
  const steps = stepsDiff(older.steps, newer.steps);
  return [
    text('name', (version) => version.name),
    text('suite', (version) => version.suite.name),
    flag('is_archive'),
    text('description', (version) => version.description),
    text('setup', (version) => version.setup),
    flag('is_steps'),
    text('scenario', (version) => version.scenario),
    text('expected', (version) => version.expected),
    { field: 'steps', kind: 'steps', changed: steps.some((step) => step.change !== 'same'), steps },
    text('teardown', (version) => version.teardown),
    text('estimate', (version) => version.estimate ?? ''),
    {
      field: 'labels',
      kind: 'names',
      changed: labels.changed,
      added: names(labels.added),
      removed: names(labels.removed),
      kept: names(labels.kept),
    },
    { field: 'attributes', kind: 'attributes', changed: attributes.some((entry) => entry.change !== 'same'), entries: attributes },
    { field: 'attachments', kind: 'files', ...setDiff(older.attachments, newer.attachments, (file) => file.id) },
  ];
}
