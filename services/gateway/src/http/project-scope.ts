import { NotFoundError, PermissionDeniedError, ValidationError, messages } from '@testament/contracts';
import { findProject, isProjectVisible, type ProjectDocument, type UserDocument } from '@testament/projections';
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
