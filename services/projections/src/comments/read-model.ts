import type { ReadModelDeclaration } from '../runner/read-model-declaration.ts';
import { commentsProjection } from './comments-projection.ts';

export const readModel: ReadModelDeclaration = { projection: commentsProjection, pasts: 'not asked' };
