/**
 * Caps on what one object or one request may hold. Each is far above real use, and bounds what a
 * write appends and what a read of the object costs: a suite path is as long as its tree is deep,
 * a case is shown with every step, a bulk relabelling creates the names it lacks one by one.
 * The API refuses more with a 400 naming the field before anything is written; the deciders
 * hold the same caps for every other way in (a copy, a move, a bulk job).
 */
export const LIMITS = {
  /** Levels of a project's suite tree, and of its plan tree: a root is level 1. */
  treeDepth: 50,
  stepsPerCase: 500,
  labelsPerCase: 100,
  /** Labels a bulk update names at once. */
  labelsPerRequest: 100,
  /** Files a case, or one of its steps, names. */
  attachmentsPerCase: 100,
  /** Plans one create makes, one per combination of its parameters' values. */
  plansPerCreate: 100,
  /** Results one `test-results/bulk-create/` records. */
  resultsPerRequest: 1000,
} as const;
