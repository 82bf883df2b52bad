import type { ReadModelDeclaration } from '../runner/read-model-declaration.ts';
import { bulkJobsProjection } from './bulk-jobs-projection.ts';

export const readModel: ReadModelDeclaration = { projection: bulkJobsProjection, pasts: 'not asked' };
