import type { ReadModelDeclaration } from '../runner/read-model-declaration.ts';
import { usersProjection } from './users-projection.ts';

export const readModel: ReadModelDeclaration = { projection: usersProjection, pasts: 'folded' };
