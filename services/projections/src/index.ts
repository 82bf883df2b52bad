import { projectsProjection } from './projects/projects-projection.ts';
import { rolesProjection } from './roles/roles-projection.ts';
import type { Projection } from './runner/projection.ts';
import { sessionsProjection } from './sessions/sessions-projection.ts';
import { usersProjection } from './users/users-projection.ts';

export * from './runner/projection.ts';
export * from './runner/projection-runner.ts';
export * from './projects/project-document.ts';
export * from './projects/queries.ts';
export * from './users/user-document.ts';
export * from './users/queries.ts';
export * from './sessions/sessions-projection.ts';
export * from './sessions/queries.ts';
export * from './roles/roles-projection.ts';

/** Every read model, in the order they fold each event (roles first: others read them). */
export const allProjections: readonly Projection[] = [rolesProjection, usersProjection, sessionsProjection, projectsProjection];
export * from './notifications/queries.ts';
