import type { ReadModelDeclaration } from '../runner/read-model-declaration.ts';
import { notificationsProjection } from './notifications-projection.ts';

export const readModel: ReadModelDeclaration = { projection: notificationsProjection, pasts: 'not asked' };
