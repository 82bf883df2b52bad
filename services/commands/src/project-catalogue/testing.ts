import { DEFAULT_PROJECT_SETTINGS, ValidationError, type FieldErrors, type ProjectEvent } from '@testament/contracts';
import type { Actor } from '../kernel/decider.ts';
import { testContext } from '../kernel/given-when-then.ts';
import { projectDecider } from '../projects/decide.ts';
import type { ProjectAccess } from '../kernel/project-access.ts';
import { projectAccessOf } from '../projects/project-access.ts';

/** Test actors. Role ids are the seeded ones: 1 Admin, 2 User, 3 External user. */
export const actors = {
  superuser: { userId: 1, isSuperuser: true, isExternal: false },
  member: { userId: 5, isSuperuser: false, isExternal: false },
  stranger: { userId: 9, isSuperuser: false, isExternal: false },
  external: { userId: 11, isSuperuser: false, isExternal: true },
} satisfies Record<string, Actor>;

export interface ProjectSetup {
  isPrivate?: boolean;
  isArchive?: boolean;
  deleted?: boolean;
  /** Role ids per member user id. */
  members?: Record<number, number[]>;
}

/** The caller's access to project 3 worked out by the real rule from the project's events. */
export function accessTo(actor: Actor, setup: ProjectSetup = {}): { project: ProjectAccess } {
  const events: ProjectEvent[] = [
    {
      type: 'ProjectCreated',
      data: {
        projectId: 3,
        name: 'P',
        description: '',
        isPrivate: setup.isPrivate ?? false,
        isArchive: false,
        settings: DEFAULT_PROJECT_SETTINGS,
        icon: null,
      },
    },
    ...Object.entries(setup.members ?? {}).map(
      ([userId, roleIds]): ProjectEvent => ({ type: 'ProjectMemberRolesSet', data: { userId: Number(userId), roleIds } }),
    ),
    ...(setup.isArchive ? [{ type: 'ProjectArchived', data: {} } as ProjectEvent] : []),
    ...(setup.deleted ? [{ type: 'ProjectDeleted', data: {} } as ProjectEvent] : []),
  ];
  return { project: projectAccessOf(events.reduce(projectDecider.evolve, projectDecider.initialState), testContext(actor)) };
}

/** A member of project 3 whose roles grant exactly these codenames (roles beyond the seeded ones). */
export function accessGranting(codenames: string[], setup: { isArchive?: boolean } = {}): { project: ProjectAccess } {
  return {
    project: {
      projectId: 3,
      exists: true,
      isArchive: setup.isArchive ?? false,
      canView: true,
      can: (codename) => codenames.includes(codename),
      canManage: codenames.includes('change_project'),
    },
  };
}

/** The field errors of the ValidationError an action throws. */
export function fieldErrorsOf(action: () => unknown): FieldErrors {
  try {
    action();
  } catch (error) {
    if (error instanceof ValidationError) return error.fields;
    throw error;
  }
  throw new Error('expected a ValidationError');
}
