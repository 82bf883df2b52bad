import type { ReadModelDeclaration } from '../runner/read-model-declaration.ts';
import { apiTokensProjection } from './api-tokens-projection.ts';

export const readModel: ReadModelDeclaration = { projection: apiTokensProjection, pasts: 'not asked' };
