import type { ReadModelDeclaration } from '../runner/read-model-declaration.ts';
import { rolesProjection } from './roles-projection.ts';

export const readModel: ReadModelDeclaration = { projection: rolesProjection, pasts: 'folded' };
