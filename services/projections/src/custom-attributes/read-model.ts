import type { ReadModelDeclaration } from '../runner/read-model-declaration.ts';
import { customAttributesProjection } from './custom-attributes-projection.ts';

export const readModel: ReadModelDeclaration = { projection: customAttributesProjection, pasts: 'folded' };
