import type { ReadModelDeclaration } from '../runner/read-model-declaration.ts';
import { accessRequestsProjection } from './access-requests-projection.ts';

export const readModel: ReadModelDeclaration = { projection: accessRequestsProjection, pasts: 'not asked' };
