import type { ReadModelDeclaration } from '../runner/read-model-declaration.ts';
import { labelsProjection } from './labels-projection.ts';

export const readModel: ReadModelDeclaration = { projection: labelsProjection, pasts: 'folded' };
