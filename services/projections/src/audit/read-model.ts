import { AUDIT_RUNNER, type ReadModelDeclaration } from '../runner/read-model-declaration.ts';
import { auditProjection } from './audit-projection.ts';

/** The audit trail, folded on a runner of its own behind the others (a row per event costs more than every other read model together). */
export const readModel: ReadModelDeclaration = { projection: auditProjection, runner: AUDIT_RUNNER, pasts: 'not asked' };
