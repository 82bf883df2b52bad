import { NotFoundError, PermissionDeniedError, ValidationError, messages } from '@testament/contracts';
import { findProject, isProjectVisible, visibleProjectIds, type ProjectDocument, type UserDocument } from '@testament/projections';
import type { ReadStore } from '@testament/infra';
import { viewerOf } from '../routes/projects/representation.ts';

/** A project the caller may see: 404 when it does not exist, 403 when it is hidden from them. */
export async function visibleProjectOrFail(readStore: ReadStore, user: UserDocument, projectId: number): Promise<ProjectDocument> {
  const project = await findProject(readStore, projectId);
  if (!project) throw new NotFoundError();
  if (!isProjectVisible(project, viewerOf(user))) throw new PermissionDeniedError(messages.cannotViewProject);
  return project;
}

/** Project-scoped lists require `?project=<id>` (§2.6, D15). */
export function requiredProjectQuery(query: unknown): number {
  const value = (query as { project?: string }).project;
  if (value === undefined || value === '') throw ValidationError.general('Project query parameter is required');
  if (!/^\d+$/.test(value)) throw ValidationError.of('project', 'A valid integer is required.');
  return Number(value);
}

/** An object that lives in a project the caller can see: 404 when there is none, 403 when its project is hidden. */
export async function visibleInProject<T extends { projectId: number }>(readStore: ReadStore, user: UserDocument, found: T | null): Promise<T> {
  if (!found) throw new NotFoundError();
  await visibleProjectOrFail(readStore, user, found.projectId);
  return found;
}

/** The projects whose trash a list shows: the one asked for (`?project=`), else every one the caller can see (null: all, for a superuser). */
export async function trashProjects(readStore: ReadStore, user: UserDocument, query: unknown): Promise<number[] | null> {
  if ((query as { project?: string }).project !== undefined) return [(await visibleProjectOrFail(readStore, user, requiredProjectQuery(query)))._id];
  return user.isSuperuser ? null : visibleProjectIds(readStore, viewerOf(user));
}
