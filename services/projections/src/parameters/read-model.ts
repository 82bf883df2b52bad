import type { ReadModelDeclaration } from '../runner/read-model-declaration.ts';
import { parametersProjection } from './parameters-projection.ts';

export const readModel: ReadModelDeclaration = { projection: parametersProjection, pasts: 'folded' };
