import type { ReadModelDeclaration } from '../runner/read-model-declaration.ts';
import { casesProjection } from './cases-projection.ts';

export const readModel: ReadModelDeclaration = { projection: casesProjection, pasts: 'folded' };
