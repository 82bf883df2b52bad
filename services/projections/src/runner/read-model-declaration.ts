import type { Projection } from './projection.ts';
import type { READ_MODELS_RUNNER } from './projection-runner.ts';

/** The runner of the audit trail: behind the others, so a start does not wait for it. */
export const AUDIT_RUNNER = 'audit';

/**
 * What a read model's folder declares in its `read-model.ts`: its projection, and the runner that folds it (by
 * default the one every screen reads, `READ_MODELS_RUNNER`). The package finds every such file (read-models.ts).
 */
export interface ReadModelDeclaration {
  projection: Projection;
  runner?: typeof READ_MODELS_RUNNER | typeof AUDIT_RUNNER;
  /**
   * Whether a past (`as_of`, services/gateway/src/http/as-of.ts) folds it: those the reads taking `as_of` show
   * (plans, tests, cases and what they show) are `folded`; histories, activity, notifications and sessions cost
   * most of a fold and no past is asked of them.
   */
  pasts: 'folded' | 'not asked';
}
