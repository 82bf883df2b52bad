import type { ReadModelDeclaration } from '../runner/read-model-declaration.ts';
import { webhooksProjection } from './webhooks-projection.ts';

export const readModel: ReadModelDeclaration = { projection: webhooksProjection, pasts: 'not asked' };
