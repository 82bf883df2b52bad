import type { ReadModelDeclaration } from '../runner/read-model-declaration.ts';
import { projectsProjection } from './projects-projection.ts';

export const readModel: ReadModelDeclaration = { projection: projectsProjection, pasts: 'folded' };
