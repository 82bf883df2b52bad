import type { ReadModelDeclaration } from '../runner/read-model-declaration.ts';
import { integrationsProjection } from './integrations-projection.ts';

export const readModel: ReadModelDeclaration = { projection: integrationsProjection, pasts: 'folded' };
