import type { Attachment } from '@testament/contracts';

/** A step as the editor holds it: `id` only once saved, `key` to keep its panel while steps move. */
export interface StepValues {
  key: string;
  id?: number;
  name: string;
  scenario: string;
  expected: string;
  attachments: Attachment[];
}

let nextKey = 0;
const freshKey = () => `new-step-${++nextKey}`;

export function newStep(): StepValues {
  return { key: freshKey(), name: '', scenario: '', expected: '', attachments: [] };
}

/** The copy goes right after its original, named with ' (Copy)', as a new step of its own (§4). */
export function withCopy(steps: readonly StepValues[], index: number, suffix: string): StepValues[] {
  const original = steps[index];
  if (!original) return [...steps];
  const { id: _id, ...content } = original;
  const copy: StepValues = { ...content, key: freshKey(), name: `${original.name}${suffix}` };
  return [...steps.slice(0, index + 1), copy, ...steps.slice(index + 1)];
}

/** The steps with `sort_order` 1..n in the order shown (§4: renumbered on save). */
export function renumbered(steps: readonly StepValues[]): Array<StepValues & { sort_order: number }> {
  return steps.map((step, index) => ({ ...step, sort_order: index + 1 }));
}
