import type { ReadModelDeclaration } from '../runner/read-model-declaration.ts';
import { groupsProjection } from './groups-projection.ts';

export const readModel: ReadModelDeclaration = { projection: groupsProjection, pasts: 'folded' };
