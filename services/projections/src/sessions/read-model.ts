import type { ReadModelDeclaration } from '../runner/read-model-declaration.ts';
import { sessionsProjection } from './sessions-projection.ts';

export const readModel: ReadModelDeclaration = { projection: sessionsProjection, pasts: 'not asked' };
