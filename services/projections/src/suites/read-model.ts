import type { ReadModelDeclaration } from '../runner/read-model-declaration.ts';
import { suitesProjection } from './suites-projection.ts';

export const readModel: ReadModelDeclaration = { projection: suitesProjection, pasts: 'folded' };
