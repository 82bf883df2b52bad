import type { ReadModelDeclaration } from '../runner/read-model-declaration.ts';
import { systemMessagesProjection } from './system-messages-projection.ts';

export const readModel: ReadModelDeclaration = { projection: systemMessagesProjection, pasts: 'not asked' };
