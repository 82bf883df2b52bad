import type { ReadModelDeclaration } from '../runner/read-model-declaration.ts';
import { statusesProjection } from './statuses-projection.ts';

export const readModel: ReadModelDeclaration = { projection: statusesProjection, pasts: 'folded' };
