import {
  NotFoundError,
  PermissionDeniedError,
  ValidationError,
  catalogueMessages,
  messages,
  parseOrThrow,
  trashBody,
} from '@testament/contracts';
import { findProject, isProjectManageable, isProjectVisible, visibleProjectIds } from '@testament/projections/projects/queries';
import type { ProjectDocument } from '@testament/projections/projects/project-document';
import type { UserDocument } from '@testament/projections/users/user-document';
import type { ReadStore } from '@testament/infra';
import { viewerOf } from '../representations/projects.ts';

/** A project the caller may see: 404 when it does not exist, 403 when it is hidden from them. */
export async function visibleProjectOrFail(readStore: ReadStore, user: UserDocument, projectId: number): Promise<ProjectDocument> {
  const project = await findProject(readStore, projectId);
  if (!project) throw new NotFoundError();
  if (!isProjectVisible(project, viewerOf(user))) throw new PermissionDeniedError(messages.cannotViewProject);
  return project;
}

/** A project the caller manages (`change_project`, or a superuser): as `visibleProjectOrFail`, then 403 when they do not manage it. */
export async function manageableProjectOrFail(readStore: ReadStore, user: UserDocument, projectId: number): Promise<ProjectDocument> {
  const project = await visibleProjectOrFail(readStore, user, projectId);
  if (!isProjectManageable(project, viewerOf(user))) throw new PermissionDeniedError(messages.cannotManageProject);
  return project;
}

/** Project-scoped lists require `?project=<id>` (§2.6, D15). */
export function requiredProjectQuery(query: unknown): number {
  const value = (query as { project?: string }).project;
  if (value === undefined) throw ValidationError.general('Project query parameter is required');
  if (!/^\d+$/.test(value)) throw ValidationError.of('project', 'A valid integer is required.');
  return Number(value);
}

/** An object that lives in a project the caller can see: 404 when there is none, 403 when its project is hidden. */
export async function visibleInProject<T extends { projectId: number }>(
  readStore: ReadStore,
  user: UserDocument,
  found: T | null,
): Promise<T> {
  if (!found) throw new NotFoundError();
  await visibleProjectOrFail(readStore, user, found.projectId);
  return found;
}

/**
 * The projects whose trash a list shows: the one asked for (`?project=`), else every one the caller can see (null: all, for a superuser).
 */
export async function trashProjects(readStore: ReadStore, user: UserDocument, query: unknown): Promise<number[] | null> {
  if ((query as { project?: string }).project !== undefined)
    return [(await visibleProjectOrFail(readStore, user, requiredProjectQuery(query)))._id];
  return user.isSuperuser ? null : visibleProjectIds(readStore, viewerOf(user));
}

/**
 * The objects a trash or restore body's `instance_ids` names, each once, in its order: each must be found and be as
 * `usable` says (in the trash, say), else a 400 names the first that is not; and each must be in a project the caller can see.
 */
export async function namedInstances<T extends { _id: number; projectId: number | null }>(
  readStore: ReadStore,
  user: UserDocument,
  body: unknown,
  find: (ids: number[]) => Promise<T[]>,
  usable: (item: T) => boolean,
): Promise<T[]> {
  const ids = [...new Set(parseOrThrow(trashBody, body ?? {}).instance_ids)];
  const found = new Map((await find(ids)).filter(usable).map((item) => [item._id, item]));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw ValidationError.of('instance_ids', catalogueMessages.notInTrash(missing));
  const items = ids.map((id) => found.get(id)!);
  for (const item of items) if (item.projectId !== null) await visibleProjectOrFail(readStore, user, item.projectId);
  return items;
}
