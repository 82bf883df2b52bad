import type { Attachment } from '@testament/contracts';
import type { CaseFormValues, LabelChoice } from './case-form.ts';
import { interleaved } from '../versions/step-order.ts';
import type { StepValues } from './steps.ts';

/**
 * Merging an edit with the versions saved since the form was opened (a 409 on
 * save): three sets of form values, the version the form started from (base),
 * the user's (mine) and the current one (theirs). What only they changed is
 * taken, what only I changed is kept, sets (labels, files) take both sides'
 * additions and removals, and only a field both changed differently asks.
 */

export type Side = 'mine' | 'theirs';

/** The single-valued fields, each compared as a whole. */
export const MERGED_FIELDS = ['name', 'suite', 'description', 'setup', 'scenario', 'expected', 'teardown', 'estimate', 'is_steps'] as const;
export type MergedField = (typeof MERGED_FIELDS)[number];

export type MergeSubject =
  | { kind: 'field'; field: MergedField | 'labels' | 'attachments' | 'stepOrder' }
  /** A custom attribute, by its form key (`attributeKey`). */
  | { kind: 'attribute'; key: string }
  | { kind: 'step'; name: string };

/** What each side holds for a subject, as the dialog shows it; null: the step is gone on that side. */
export type MergeValues =
  | { type: 'text'; mine: string; theirs: string }
  | { type: 'flag'; mine: boolean; theirs: boolean }
  | { type: 'names'; mine: string[]; theirs: string[] }
  | { type: 'step'; mine: StepValues | null; theirs: StepValues | null };

/**
 * `theirs`: only the other edit changed it, taken; `merged`: both changed a
 * set, both changes kept; `conflict`: both changed it differently, the user picks.
 */
export type MergeOutcome = 'theirs' | 'merged' | 'conflict';

/** Who saved the version that changed a subject last, and when. */
export interface VersionAuthor {
  version: number;
  username: string | null;
  date: string;
}

export interface MergeItem {
  key: string;
  subject: MergeSubject;
  outcome: MergeOutcome;
  values: MergeValues;
  changedBy: VersionAuthor | null;
}

/** A version saved since the form's, with what it holds as form values; the list ends with the current one. */
export interface SavedVersion extends VersionAuthor {
  values: CaseFormValues;
}

export interface CaseMerge {
  /** What the other edit changed, in the form's order: taken, merged, or to choose. */
  items: MergeItem[];
  /** The merged values, each conflict as chosen (mine where no choice is given). */
  resolve(choices: Readonly<Record<string, Side>>): CaseFormValues;
}

type Same<T> = (a: T, b: T) => boolean;

/** An item before its author is known: how to read its subject from any version, to find who changed it. */
interface Found extends Omit<MergeItem, 'changedBy'> {
  pick(values: CaseFormValues): unknown;
  same: Same<unknown>;
}

const sameFile = (a: readonly Attachment[], b: readonly Attachment[]) =>
  a.length === b.length && a.every((file, index) => file.id === b[index]!.id);
const sameStep: Same<StepValues | null> = (a, b) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.name === b.name &&
    a.scenario === b.scenario &&
    a.expected === b.expected &&
    sameFile(a.attachments, b.attachments));
const sameList: Same<readonly string[]> = (a, b) => a.length === b.length && a.every((item, index) => item === b[index]);
const sameSet = (a: readonly string[], b: readonly string[]) => sameList([...a].sort(), [...b].sort());

const FIELD_SAME: Record<MergedField, Same<unknown>> = {
  name: (a, b) => a === b,
  suite: (a, b) => (a as CaseFormValues['suite'])?.id === (b as CaseFormValues['suite'])?.id,
  description: (a, b) => a === b,
  setup: (a, b) => a === b,
  scenario: (a, b) => a === b,
  expected: (a, b) => a === b,
  teardown: (a, b) => a === b,
  estimate: (a, b) => String(a).trim() === String(b).trim(),
  is_steps: (a, b) => a === b,
};

/** Steps are the same step across versions by their id; a new step of mine, not yet saved, by its key. */
export const stepIdentity = (step: StepValues) => (step.id === undefined ? `key:${step.key}` : `id:${step.id}`);
const labelIdentity = (label: LabelChoice) => (label.id === undefined ? `new:${label.name.trim().toLowerCase()}` : `id:${label.id}`);
const fileIdentity = (file: Attachment) => `id:${file.id}`;

function fieldText(values: CaseFormValues, field: Exclude<MergedField, 'is_steps'>): string {
  return field === 'suite' ? (values.suite?.name ?? '') : values[field];
}

/** A three-way choice for one value: whose it is, and whether the other edit's change is an item. */
function threeWay<T>(base: T, mine: T, theirs: T, same: Same<T>): 'mine' | 'theirs' | 'conflict' {
  if (same(theirs, base) || same(mine, theirs)) return 'mine';
  if (same(mine, base)) return 'theirs';
  return 'conflict';
}

/**
 * A set merged both ways: the other side's set less what I removed, then what I
 * added. `changed` tells whether the other edit touched it, and whether I did too.
 */
function mergedSet<T>(base: readonly T[], mine: readonly T[], theirs: readonly T[], identity: (item: T) => string) {
  const ids = (items: readonly T[]) => items.map(identity);
  const [inBase, inMine, inTheirs] = [new Set(ids(base)), new Set(ids(mine)), new Set(ids(theirs))];
  const removedByMe = new Set([...inBase].filter((id) => !inMine.has(id)));
  const merged = [
    ...theirs.filter((item) => !removedByMe.has(identity(item))),
    ...mine.filter((item) => !inBase.has(identity(item)) && !inTheirs.has(identity(item))),
  ];
  return { merged, theirsChanged: !sameSet(ids(base), ids(theirs)), mineChanged: !sameSet(ids(base), ids(mine)) };
}

/** A set field merged both ways, and its item when the other edit changed it. */
function setItem<T>(
  field: 'labels' | 'attachments',
  base: readonly T[],
  mine: readonly T[],
  theirs: readonly T[],
  identity: (item: T) => string,
  name: (item: T) => string,
  read: (values: CaseFormValues) => readonly T[],
) {
  const set = mergedSet(base, mine, theirs, identity);
  if (!set.theirsChanged) return { merged: [...mine], item: null };
  const item: Found = {
    key: `field:${field}`,
    subject: { kind: 'field', field },
    outcome: set.mineChanged ? 'merged' : 'theirs',
    values: { type: 'names', mine: mine.map(name), theirs: theirs.map(name) },
    pick: (values) => read(values).map(identity),
    same: (a, b) => sameSet(a as string[], b as string[]),
  };
  return { merged: set.merged, item };
}

/** The identities of a side's steps that were in the base, in that side's order. */
const keptOrder = (steps: readonly StepValues[], base: ReadonlySet<string>) => steps.map(stepIdentity).filter((id) => base.has(id));

/** The kept steps in `primary`'s order, with those only `secondary` has where they stand there. */
function orderedSteps(
  primary: readonly StepValues[],
  secondary: readonly StepValues[],
  kept: ReadonlyMap<string, StepValues>,
): StepValues[] {
  const keptIds = (steps: readonly StepValues[]) => steps.map(stepIdentity).filter((id) => kept.has(id));
  return interleaved(keptIds(primary), keptIds(secondary)).map((id) => kept.get(id)!);
}

const stepName = (step: StepValues | null | undefined) => step?.name ?? '';

/** The items and the merged values, under the given choices. */
function combine(base: CaseFormValues, mine: CaseFormValues, theirs: CaseFormValues, choices: Readonly<Record<string, Side>>) {
  const found: Found[] = [];
  const chosen = (key: string): Side => choices[key] ?? 'mine';
  const merged: CaseFormValues = { ...mine };

  for (const field of MERGED_FIELDS) {
    const same = FIELD_SAME[field];
    const winner = threeWay<unknown>(base[field], mine[field], theirs[field], same);
    if (winner === 'mine') continue;
    const key = `field:${field}`;
    const values: MergeValues =
      field === 'is_steps'
        ? { type: 'flag', mine: mine.is_steps, theirs: theirs.is_steps }
        : { type: 'text', mine: fieldText(mine, field), theirs: fieldText(theirs, field) };
    found.push({ key, subject: { kind: 'field', field }, outcome: winner, values, pick: (values) => values[field], same });
    if (winner === 'theirs' || chosen(key) === 'theirs') Object.assign(merged, { [field]: theirs[field] });
  }

  const attributeKeys = [...new Set([...Object.keys(base.attributes), ...Object.keys(mine.attributes), ...Object.keys(theirs.attributes)])];
  merged.attributes = { ...mine.attributes };
  for (const attribute of attributeKeys) {
    const read = (values: CaseFormValues) => values.attributes[attribute] ?? '';
    const winner = threeWay(read(base), read(mine), read(theirs), (a, b) => a === b);
    if (winner === 'mine') continue;
    const key = `attribute:${attribute}`;
    found.push({
      key,
      subject: { kind: 'attribute', key: attribute },
      outcome: winner,
      values: { type: 'text', mine: read(mine), theirs: read(theirs) },
      pick: read,
      same: (a, b) => a === b,
    });
    if (winner === 'theirs' || chosen(key) === 'theirs') merged.attributes[attribute] = read(theirs);
  }

  const labels = setItem(
    'labels',
    base.labels,
    mine.labels,
    theirs.labels,
    labelIdentity,
    (label) => label.name,
    (values) => values.labels,
  );
  const files = setItem(
    'attachments',
    base.attachments,
    mine.attachments,
    theirs.attachments,
    fileIdentity,
    (file) => file.filename,
    (values) => values.attachments,
  );
  for (const set of [labels, files]) if (set.item) found.push(set.item);
  merged.labels = labels.merged;
  merged.attachments = files.merged;

  merged.steps = mergedSteps(base, mine, theirs, chosen, found);
  return { values: merged, found };
}

/** Steps merged one by one by their identity, then ordered: mine's order if I reordered them, else theirs'. */
function mergedSteps(
  base: CaseFormValues,
  mine: CaseFormValues,
  theirs: CaseFormValues,
  chosen: (key: string) => Side,
  found: Found[],
): StepValues[] {
  const byIdentity = (steps: readonly StepValues[]) => new Map(steps.map((step) => [stepIdentity(step), step]));
  const [inBase, inMine, inTheirs] = [byIdentity(base.steps), byIdentity(mine.steps), byIdentity(theirs.steps)];
  const kept = new Map<string, StepValues>();
  for (const identity of new Set([...inBase.keys(), ...inMine.keys(), ...inTheirs.keys()])) {
    const [was, my, their] = [inBase.get(identity) ?? null, inMine.get(identity) ?? null, inTheirs.get(identity) ?? null];
    const winner = threeWay(was, my, their, sameStep);
    const key = `step:${identity}`;
    if (winner !== 'mine') {
      const pick = (values: CaseFormValues) => values.steps.find((step) => stepIdentity(step) === identity) ?? null;
      const name = stepName(my) || stepName(their) || stepName(was);
      found.push({
        key,
        subject: { kind: 'step', name },
        outcome: winner,
        values: { type: 'step', mine: my, theirs: their },
        pick,
        same: sameStep as Same<unknown>,
      });
    }
    const step = winner === 'theirs' || (winner === 'conflict' && chosen(key) === 'theirs') ? their : my;
    if (step) kept.set(identity, step);
  }

  const baseIds = new Set(inBase.keys());
  const baseOrder = keptOrder(base.steps, baseIds);
  const ordering = (steps: readonly StepValues[]) => keptOrder(steps, baseIds);
  // Each side's order of the steps it kept from the base, against the base's order of those same steps.
  const reordered = (steps: readonly StepValues[]) =>
    !sameList(
      ordering(steps),
      baseOrder.filter((id) => ordering(steps).includes(id)),
    );
  const [mineReordered, theirsReordered] = [reordered(mine.steps), reordered(theirs.steps)];
  let primary: Side = mineReordered ? 'mine' : 'theirs';
  if (theirsReordered) {
    const key = 'field:stepOrder';
    const outcome = mineReordered ? 'conflict' : 'theirs';
    const names = (values: CaseFormValues) => values.steps.map((step) => step.name);
    const pick = (values: CaseFormValues) => ordering(values.steps);
    found.push({
      key,
      subject: { kind: 'field', field: 'stepOrder' },
      outcome,
      values: { type: 'names', mine: names(mine), theirs: names(theirs) },
      pick,
      same: (a, b) => sameList(a as string[], b as string[]),
    });
    primary = outcome === 'theirs' || chosen(key) === 'theirs' ? 'theirs' : 'mine';
  }
  return primary === 'mine' ? orderedSteps(mine.steps, theirs.steps, kept) : orderedSteps(theirs.steps, mine.steps, kept);
}

/**
 * The version among those saved since the form's that last changed what `pick` reads; the current one when none did (an amendment in
 * place).
 */
function authorOf(base: CaseFormValues, saved: readonly SavedVersion[], pick: Found['pick'], same: Same<unknown>): VersionAuthor | null {
  let previous = base;
  let author: SavedVersion | undefined;
  for (const version of saved) {
    if (!same(pick(version.values), pick(previous))) author = version;
    previous = version.values;
  }
  const last = author ?? saved.at(-1);
  return last ? { version: last.version, username: last.username, date: last.date } : null;
}

/**
 * The merge of my values with the current version's (`saved`'s last), the
 * versions saved between them telling who changed what.
 */
export function mergeCase(base: CaseFormValues, mine: CaseFormValues, saved: readonly SavedVersion[]): CaseMerge {
  const theirs = saved.at(-1)?.values ?? base;
  const { found } = combine(base, mine, theirs, {});
  const items = found.map(({ pick, same, ...item }) => ({ ...item, changedBy: authorOf(base, saved, pick, same) }));
  return { items, resolve: (choices) => combine(base, mine, theirs, choices).values };
}
