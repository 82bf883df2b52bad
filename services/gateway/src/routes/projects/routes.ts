import {
  NotFoundError,
  PermissionDeniedError,
  ValidationError,
  archiveRestoreBody,
  catalogueMessages,
  messages,
  paginatedResponse,
  trashBody,
  parseOrThrow,
  projectCreateBody,
  paginationQuery,
  previewResponse,
  projectListQuery,
  projectListResponse,
  projectPatchBody,
  projectResponse,
  statisticsResponse,
  type Project,
  type Statistics,
  type ProjectCreateBody,
  type ProjectPatchBody,
  type ProjectSettings,
} from '@testament/contracts';
import { deletedProjectsByIds, findProject, findUser, isProjectVisible, listDeletedProjects, listProjects, systemStatistics, type ProjectDocument } from '@testament/projections';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CommandInput } from '@testament/commands';
import type { GatewayContext } from '../../context.ts';
import { execute } from '../../http/execute.ts';
import { file, noContent, routeContracts } from '../../http/route-schema.ts';
import { readForm } from '../../http/form.ts';
import { sendImage } from '../../http/images.ts';
import { pageRequest, paginated } from '../../http/pagination.ts';
import { visibleProjectOrFail } from '../../http/project-scope.ts';
import { thumbnailKeyFor } from '../../http/thumbnails.ts';
import { ownOrigin, requireUser } from '../../plugins/authentication.ts';
import { deleteIcon, storeIcon } from './icon-upload.ts';
import { archivePreview, deletePreview, projectRepresentation, viewerOf } from './representation.ts';

const detail = '/api/v2/projects/:id(^\\d+)/';
const contract = routeContracts('projects');

function settingsChanges(settings: ProjectPatchBody['settings']): Partial<ProjectSettings> | undefined {
  if (!settings) return undefined;
  const changes: Partial<ProjectSettings> = {};
  if (settings.is_result_editable !== undefined) changes.isResultEditable = settings.is_result_editable;
  if (settings.result_edit_limit !== undefined) changes.resultEditLimit = settings.result_edit_limit;
  if (settings.status_order !== undefined) changes.statusOrder = settings.status_order;
  if (settings.default_status !== undefined) changes.defaultStatus = settings.default_status;
  return changes;
}

/** The wire body's project fields as the command side names them; absent fields stay absent. */
function projectFields(body: ProjectCreateBody): Omit<CreateProjectInput, 'icon'>;
function projectFields(body: ProjectPatchBody): Omit<UpdateProjectInput, 'projectId' | 'icon'>;
function projectFields(body: ProjectCreateBody | ProjectPatchBody): Omit<UpdateProjectInput, 'projectId' | 'icon'> {
  return {
    name: body.name,
    description: body.description,
    isPrivate: body.is_private,
    isArchive: body.is_archive,
    settings: settingsChanges(body.settings),
  };
}

type CreateProjectInput = CommandInput<'projects.create'>;
type UpdateProjectInput = CommandInput<'projects.update'>;

export default async function projectRoutes(app: FastifyInstance, context: GatewayContext) {
  const { system } = context;

  const visibleProject = (request: FastifyRequest): Promise<ProjectDocument> =>
    visibleProjectOrFail(system.readStore, requireUser(request), Number((request.params as { id: string }).id));

  /** After a write: the caller is read again, since the write may have changed what their roles grant here. */
  async function respondWith(request: FastifyRequest, projectId: number) {
    const [project, caller] = await Promise.all([findProject(system.readStore, projectId), findUser(system.readStore, requireUser(request)._id)]);
    if (!project || !caller) throw new NotFoundError();
    return projectRepresentation(project, viewerOf(caller), ownOrigin(request));
  }

  app.get(
    '/api/v2/projects/',
    contract({ summary: 'Projects the caller may see, favourites first', querystring: projectListQuery.extend(paginationQuery.shape), response: { 200: projectListResponse } }),
    async (request) => {
      const user = requireUser(request);
      const query = parseOrThrow(projectListQuery, request.query);
      const page = pageRequest(request.query as Record<string, string>);
      const viewer = viewerOf(user);
      const { items, count } = await listProjects(system.readStore, viewer, query, page);
      return paginated(request, page, count, items.map((p) => projectRepresentation(p, viewer, ownOrigin(request))));
    },
  );

  app.post(
    '/api/v2/projects/',
    contract({ summary: 'Create a project (an icon may come as a multipart file `icon`)', body: projectCreateBody, multipart: true, response: { 201: projectResponse } }),
    async (request, reply) => {
      const user = requireUser(request);
      const form = await readForm(request);
      const body = parseOrThrow(projectCreateBody, form.fields);
      const icon = (await storeIcon(system.blobs, form)) ?? null;
      const { projectId } = await execute(context, request, 'projects.create', { ...projectFields(body), icon }).catch(async (error: unknown) => {
        if (icon) await deleteIcon(system.blobs, icon);
        throw error;
      });
      if (body.is_favorite) {
        const favorite = [...viewerOf(user).favoriteIds, projectId];
        await execute(context, request, 'users.changeConfig', { userId: user._id, patch: { projects: { favorite } } });
      }
      return reply.code(201).send(await respondWith(request, projectId));
    },
  );

  app.get(detail, contract({ summary: 'One project', response: { 200: projectResponse } }), async (request) => projectRepresentation(await visibleProject(request), viewerOf(requireUser(request)), ownOrigin(request)));

  const update = async (request: FastifyRequest) => {
    const project = await visibleProject(request);
    const form = await readForm(request);
    const body = parseOrThrow(projectPatchBody, form.fields);
    const icon = await storeIcon(system.blobs, form);
    await execute(context, request, 'projects.update', { projectId: project._id, ...projectFields(body), icon });
    if (icon !== undefined && project.icon) await deleteIcon(system.blobs, project.icon);
    return respondWith(request, project._id);
  };
  const updateContract = contract({ summary: 'Change a project (a new icon may come as a multipart file `icon`)', body: projectPatchBody, multipart: true, response: { 200: projectResponse } });
  app.patch(detail, updateContract, update);
  app.put(detail, updateContract, update);

  // The icon stays while the project is in the trash, for its recovery; removing it from the trash takes the icon.
  app.delete(detail, contract({ summary: 'Delete a project and everything in it (to the trash)', response: { 204: noContent } }), async (request, reply) => {
    const project = await visibleProject(request);
    await execute(context, request, 'projects.delete', { projectId: project._id });
    return reply.code(204).send();
  });

  app.get(`${detail}delete/preview/`, contract({ summary: 'What deleting the project would delete', response: { 200: previewResponse } }), async (request) => deletePreview(await visibleProject(request)));
  app.get(`${detail}archive/preview/`, contract({ summary: 'What archiving the project would archive', response: { 200: previewResponse } }), async (request) => archivePreview(await visibleProject(request)));

  app.post(`${detail}archive/`, contract({ summary: 'Archive a project', response: { 200: projectResponse } }), async (request) => {
    const project = await visibleProject(request);
    await execute(context, request, 'projects.archive', { projectId: project._id });
    return respondWith(request, project._id);
  });

  app.post(
    '/api/v2/projects/archive/restore/',
    contract({ summary: 'Restore archived projects', body: archiveRestoreBody, response: { 200: z.array(projectResponse) } }),
    async (request) => {
      requireUser(request);
      const { instance_ids } = parseOrThrow(archiveRestoreBody, request.body ?? {});
      const restored = [];
      for (const projectId of instance_ids) {
        await execute(context, request, 'projects.restore', { projectId });
        restored.push(await respondWith(request, projectId));
      }
      return restored;
    },
  );

  registerProjectTrash(app, context, respondWith);

  app.get(`${detail}icon/`, contract({ summary: "The project's icon, or its thumbnail (`?width=&height=`)", response: { 200: file('The image', 'image/png', 'image/jpeg') } }), async (request, reply) => {
    const project = await visibleProject(request);
    if (!project.icon) throw new NotFoundError();
    // Icons stored before thumbnails existed have only the original.
    const blob = (await system.blobs.get(thumbnailKeyFor(project.icon, request.query as Record<string, string>))) ?? (await system.blobs.get(project.icon));
    if (!blob) throw new NotFoundError();
    return sendImage(reply, blob);
  });

  /** Dashboard totals over the caller's visible, non-archived projects (§3.17). */
  app.get(
    '/api/v2/system/statistics/',
    contract({ summary: "Dashboard totals over the caller's visible, active projects", response: { 200: statisticsResponse } }),
    async (request): Promise<Statistics> => systemStatistics(system.readStore, viewerOf(requireUser(request))),
  );
}

/** The trash of projects (§2.7): those the caller could see, recovered or removed for good by who may delete them. */
function registerProjectTrash(app: FastifyInstance, context: GatewayContext, respondWith: (request: FastifyRequest, projectId: number) => Promise<Project>) {
  const { system } = context;

  app.get(
    '/api/v2/projects/deleted/',
    contract({ summary: 'Deleted projects the caller could see, the latest deleted first', querystring: paginationQuery, response: { 200: paginatedResponse(projectResponse) } }),
    async (request) => {
      const viewer = viewerOf(requireUser(request));
      const page = pageRequest(request.query as Record<string, string>);
      const { items, count } = await listDeletedProjects(system.readStore, viewer, page);
      return paginated(request, page, count, items.map((project) => projectRepresentation(project, viewer, ownOrigin(request))));
    },
  );

  /** The projects a body's `instance_ids` names, each once: every one in the trash (else a 400 names the first that is not) and one the caller could see (else 403). */
  async function trashed(request: FastifyRequest): Promise<ProjectDocument[]> {
    const viewer = viewerOf(requireUser(request));
    const ids = [...new Set(parseOrThrow(trashBody, request.body ?? {}).instance_ids)];
    const found = new Map((await deletedProjectsByIds(system.readStore, ids)).map((project) => [project._id, project]));
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw ValidationError.of('instance_ids', catalogueMessages.notInTrash(missing));
    const projects = ids.map((id) => found.get(id)!);
    if (projects.some((project) => !isProjectVisible(project, viewer))) throw new PermissionDeniedError(messages.cannotViewProject);
    return projects;
  }

  app.post(
    '/api/v2/projects/deleted/recover/',
    contract({ summary: 'Recover projects from the trash, with everything in them', body: trashBody, response: { 200: z.array(projectResponse) } }),
    async (request) => {
      const recovered: Project[] = [];
      for (const project of await trashed(request)) {
        await execute(context, request, 'projects.recover', { projectId: project._id });
        recovered.push(await respondWith(request, project._id));
      }
      return recovered;
    },
  );

  app.post(
    '/api/v2/projects/deleted/remove/',
    contract({ summary: 'Remove projects from the trash for good, with everything in them', body: trashBody, response: { 204: noContent } }),
    async (request, reply) => {
      for (const project of await trashed(request)) {
        await execute(context, request, 'projects.remove', { projectId: project._id });
        if (project.icon) await deleteIcon(system.blobs, project.icon);
      }
      return reply.code(204).send();
    },
  );
}
