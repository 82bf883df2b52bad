/**
 * What the read models' property tests draw histories from. A history is a list of steps; a step picks among
 * what exists when it runs by a number (`pick`, taken round the list with `nth`), so a failing history shrinks
 * to fewer steps and smaller picks, and each step still makes an event the decider could have made.
 */
import fc from 'fast-check';

/** A number that picks one of the things that exist when a step runs (see `nth`). */
export const pick = fc.nat({ max: 1_000 });

/** The `index`th of the items, counted round the list; none when there are none. */
export const nth = <T>(items: readonly T[], index: number): T | undefined => (items.length === 0 ? undefined : items[index % items.length]);

/** Batch sizes for `foldInto` (one batch per entry, cycling): from one event at a time to a hundred. */
export const batchSizes: fc.Arbitrary<number[]> = fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 4 });

/** A random case's content, in brief: a name of one letter, one of suites 1–4, an estimate or none, one of labels 1–3 or none. */
export interface CaseFacts {
  name: string;
  suiteId: number;
  estimate: number | null;
  labelIds: number[];
}

export const caseFacts: fc.Arbitrary<CaseFacts> = fc.record({
  name: fc.integer({ min: 65, max: 90 }).map((letter) => `Case ${String.fromCharCode(letter)}`),
  suiteId: fc.integer({ min: 1, max: 4 }),
  estimate: fc.option(
    fc.nat(499).map((minutes) => 60 * minutes),
    { freq: 3, nil: null },
  ),
  labelIds: fc.uniqueArray(fc.integer({ min: 1, max: 3 }), { maxLength: 3 }),
});
