import type { ReadModelDeclaration } from '../runner/read-model-declaration.ts';
import { attachmentsProjection } from './attachments-projection.ts';

export const readModel: ReadModelDeclaration = { projection: attachmentsProjection, pasts: 'folded' };
