import {
  DEFAULT_PROJECT_SETTINGS,
  NotFoundError,
  PermissionDeniedError,
  ValidationError,
  archiveRestoreBody,
  catalogueMessages,
  messages,
  trashBody,
  parseOrThrow,
  projectCreateBody,
  projectListQuery,
  projectPatchBody,
  projectRoutes,
  type Project,
  type Statistics,
  type ProjectCreateBody,
  type ProjectPatchBody,
  type ProjectSettings,
} from '@testament/contracts';
import {
  deletedProjectsByIds,
  findProject,
  isProjectVisible,
  listDeletedProjects,
  listProjects,
} from '@testament/projections/projects/queries';
import { findUser } from '@testament/projections/users/queries';
import { systemStatistics } from '@testament/projections/projects/statistics';
import type { ProjectDocument } from '@testament/projections/projects/project-document';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CommandInput } from '@testament/commands';
import type { GatewayContext } from '../../context.ts';
import { execute } from '../../http/execute.ts';
import { serve } from '../../http/route-schema.ts';
import { readForm } from '../../http/form.ts';
import { sendImage } from '../../http/images.ts';
import { pageRequest, paginated } from '../../http/pagination.ts';
import { visibleProjectOrFail } from '../../http/project-scope.ts';
import { thumbnailKeyFor } from '../../http/thumbnails.ts';
import { ownOrigin, requireUser } from '../../plugins/authentication.ts';
import { deleteIcon, storeIcon } from './icon-upload.ts';
import { archivePreview, deletePreview, projectRepresentation, viewerOf } from '../../representations/projects.ts';

/** `current`: the import statuses the project has, which those given replace one by one. */
function settingsChanges(
  settings: ProjectPatchBody['settings'],
  current: ProjectSettings['importStatuses'],
): Partial<ProjectSettings> | undefined {
  if (!settings) return undefined;
  const changes: Partial<ProjectSettings> = {};
  if (settings.is_result_editable !== undefined) changes.isResultEditable = settings.is_result_editable;
  if (settings.result_edit_limit !== undefined) changes.resultEditLimit = settings.result_edit_limit;
  if (settings.status_order !== undefined) changes.statusOrder = settings.status_order;
  if (settings.default_status !== undefined) changes.defaultStatus = settings.default_status;
  if (settings.import_statuses !== undefined) changes.importStatuses = { ...current, ...settings.import_statuses };
  return changes;
}

/** The wire body's project fields as the command side names them; absent fields stay absent. */
function projectFields(body: ProjectCreateBody, current: ProjectSettings): Omit<CreateProjectInput, 'icon'>;
function projectFields(body: ProjectPatchBody, current: ProjectSettings): Omit<UpdateProjectInput, 'projectId' | 'icon'>;
function projectFields(
  body: ProjectCreateBody | ProjectPatchBody,
  current: ProjectSettings,
): Omit<UpdateProjectInput, 'projectId' | 'icon'> {
  return {
    name: body.name,
    description: body.description,
    isPrivate: body.is_private,
    isArchive: body.is_archive,
    settings: settingsChanges(body.settings, current.importStatuses),
  };
}

type CreateProjectInput = CommandInput<'projects.create'>;
type UpdateProjectInput = CommandInput<'projects.update'>;

export default async function serveProjects(app: FastifyInstance, context: GatewayContext) {
  const { system } = context;

  const visibleProject = (request: FastifyRequest): Promise<ProjectDocument> =>
    visibleProjectOrFail(system.readStore, requireUser(request), Number((request.params as { id: string }).id));

  /** After a write: the caller is read again, since the write may have changed what their roles grant here. */
  async function respondWith(request: FastifyRequest, projectId: number) {
    const [project, caller] = await Promise.all([
      findProject(system.readStore, projectId),
      findUser(system.readStore, requireUser(request)._id),
    ]);
    if (!project || !caller) throw new NotFoundError();
    return projectRepresentation(project, viewerOf(caller), ownOrigin(request));
  }

  serve(app, projectRoutes.list, async (request) => {
    const user = requireUser(request);
    const query = parseOrThrow(projectListQuery, request.query);
    const page = pageRequest(request.query as Record<string, string>);
    const viewer = viewerOf(user);
    const { items, count } = await listProjects(system.readStore, viewer, query, page);
    return paginated(
      request,
      page,
      count,
      items.map((p) => projectRepresentation(p, viewer, ownOrigin(request))),
    );
  });

  serve(app, projectRoutes.create, async (request, reply) => {
    const user = requireUser(request);
    const form = await readForm(request);
    const body = parseOrThrow(projectCreateBody, form.fields);
    const icon = (await storeIcon(system.blobs, form)) ?? null;
    const { projectId } = await execute(context, request, 'projects.create', {
      ...projectFields(body, DEFAULT_PROJECT_SETTINGS),
      icon,
    }).catch(async (error: unknown) => {
      if (icon) await deleteIcon(system.blobs, icon);
      throw error;
    });
    if (body.is_favorite) {
      const favorite = [...viewerOf(user).favoriteIds, projectId];
      await execute(context, request, 'users.changeConfig', { userId: user._id, patch: { projects: { favorite } } });
    }
    return reply.code(201).send(await respondWith(request, projectId));
  });

  serve(app, projectRoutes.retrieve, async (request) =>
    projectRepresentation(await visibleProject(request), viewerOf(requireUser(request)), ownOrigin(request)),
  );

  const update = async (request: FastifyRequest) => {
    const project = await visibleProject(request);
    const form = await readForm(request);
    const body = parseOrThrow(projectPatchBody, form.fields);
    const icon = await storeIcon(system.blobs, form);
    await execute(context, request, 'projects.update', {
      projectId: project._id,
      ...projectFields(body, { ...DEFAULT_PROJECT_SETTINGS, ...project.settings }),
      icon,
    });
    if (icon !== undefined && project.icon) await deleteIcon(system.blobs, project.icon);
    return respondWith(request, project._id);
  };
  serve(app, projectRoutes.update, update);
  serve(app, projectRoutes.replace, update);

  // The icon stays while the project is in the trash, for its recovery; removing it from the trash takes the icon.
  serve(app, projectRoutes.destroy, async (request, reply) => {
    const project = await visibleProject(request);
    await execute(context, request, 'projects.delete', { projectId: project._id });
    return reply.code(204).send();
  });

  serve(app, projectRoutes.deletePreview, async (request) => deletePreview(await visibleProject(request)));
  serve(app, projectRoutes.archivePreview, async (request) => archivePreview(await visibleProject(request)));

  serve(app, projectRoutes.archive, async (request) => {
    const project = await visibleProject(request);
    await execute(context, request, 'projects.archive', { projectId: project._id });
    return respondWith(request, project._id);
  });

  serve(app, projectRoutes.restore, async (request) => {
    requireUser(request);
    const { instance_ids } = parseOrThrow(archiveRestoreBody, request.body ?? {});
    const restored = [];
    for (const projectId of instance_ids) {
      await execute(context, request, 'projects.restore', { projectId });
      restored.push(await respondWith(request, projectId));
    }
    return restored;
  });

  registerProjectTrash(app, context, respondWith);

  serve(app, projectRoutes.icon, async (request, reply) => {
    const project = await visibleProject(request);
    if (!project.icon) throw new NotFoundError();
    // Icons stored before thumbnails existed have only the original.
    const blob =
      (await system.blobs.get(thumbnailKeyFor(project.icon, request.query as Record<string, string>))) ??
      (await system.blobs.get(project.icon));
    if (!blob) throw new NotFoundError();
    return sendImage(reply, blob);
  });

  /** Dashboard totals over the caller's visible, non-archived projects (§3.17). */
  serve(
    app,
    projectRoutes.statistics,
    async (request): Promise<Statistics> => systemStatistics(system.readStore, viewerOf(requireUser(request))),
  );
}

/** The trash of projects (§2.7): those the caller could see, recovered or removed for good by who may delete them. */
function registerProjectTrash(
  app: FastifyInstance,
  context: GatewayContext,
  respondWith: (request: FastifyRequest, projectId: number) => Promise<Project>,
) {
  const { system } = context;

  serve(app, projectRoutes.trash, async (request) => {
    const viewer = viewerOf(requireUser(request));
    const page = pageRequest(request.query as Record<string, string>);
    const { items, count } = await listDeletedProjects(system.readStore, viewer, page);
    return paginated(
      request,
      page,
      count,
      items.map((project) => projectRepresentation(project, viewer, ownOrigin(request))),
    );
  });

  /**
   * The projects a body's `instance_ids` names, each once: every one in the trash (else a 400 names the first that is not) and one the
   * caller could see (else 403).
   */
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

  serve(app, projectRoutes.recover, async (request) => {
    const recovered: Project[] = [];
    for (const project of await trashed(request)) {
      await execute(context, request, 'projects.recover', { projectId: project._id });
      recovered.push(await respondWith(request, project._id));
    }
    return recovered;
  });

  serve(app, projectRoutes.remove, async (request, reply) => {
    for (const project of await trashed(request)) {
      await execute(context, request, 'projects.remove', { projectId: project._id });
      if (project.icon) await deleteIcon(system.blobs, project.icon);
    }
    return reply.code(204).send();
  });
}
