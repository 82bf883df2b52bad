import type { ReadModelDeclaration } from '../runner/read-model-declaration.ts';
import { testsProjection } from './tests-projection.ts';

export const readModel: ReadModelDeclaration = { projection: testsProjection, pasts: 'folded' };
