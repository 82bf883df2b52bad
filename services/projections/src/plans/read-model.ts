import type { ReadModelDeclaration } from '../runner/read-model-declaration.ts';
import { plansProjection } from './plans-projection.ts';

export const readModel: ReadModelDeclaration = { projection: plansProjection, pasts: 'folded' };
