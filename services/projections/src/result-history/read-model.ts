import type { ReadModelDeclaration } from '../runner/read-model-declaration.ts';
import { resultHistoryProjection } from './result-history-projection.ts';

export const readModel: ReadModelDeclaration = { projection: resultHistoryProjection, pasts: 'not asked' };
