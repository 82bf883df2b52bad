import type { CommandInput, CommandName } from '@testament/commands';
import {
  NotFoundError,
  PermissionDeniedError,
  ValidationError,
  catalogueMessages,
  messages,
  parseOrThrow,
  type CatalogueRoutes,
} from '@testament/contracts';
import type { ReadStore } from '@testament/infra';
import { findProject, isProjectVisible, visibleProjectIds } from '@testament/projections/projects/queries';
import type { CatalogueDocument } from '@testament/projections/project-catalogue/catalogue-projection';
import type { CatalogueTrash } from '@testament/projections/project-catalogue/queries';
import type { ProjectDocument } from '@testament/projections/projects/project-document';
import type { UserDocument } from '@testament/projections/users/user-document';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { GatewayContext } from '../context.ts';
import { ownOrigin, requireUser } from '../plugins/authentication.ts';
import { throwIfAborted } from '../plugins/cancellation.ts';
import { viewerOf } from '../representations/projects.ts';
import { execute } from './execute.ts';
import { pageRequest, paginated, type PageRequest } from './pagination.ts';
import { namedInstances, requiredProjectQuery, visibleProjectOrFail } from './project-scope.ts';
import { serve } from './route-schema.ts';

/** A create body names the project the new item goes to; none for a system item. */
interface NewItemBody {
  project?: number | null;
}

/** Commands that take `{projectId, id, changes}`. */
type ChangeCommand = {
  [N in CommandName]: CommandInput<N> extends { projectId: number | null; id: number; changes: object } ? N : never;
}[CommandName];

/** Commands that take `{projectId, id}` and nothing else: delete, recover, remove. */
type ItemCommand = {
  [N in CommandName]: CommandInput<N> extends { projectId: number | null; id: number }
    ? { projectId: number | null; id: number } extends CommandInput<N>
      ? N
      : never
    : never;
}[CommandName];

/** How a catalogue answers its list (§2.4): a bare array, or pages (integrations). */
type CatalogueListing<D extends CatalogueDocument, L extends z.ZodObject> =
  | {
      /** The list for one visible project (`?project=`), as documents. */
      list(filters: z.output<L>, project: ProjectDocument): Promise<D[]>;
      listPage?: never;
    }
  | {
      /** One page of the list for one visible project, and how many there are in all. */
      listPage(filters: z.output<L>, project: ProjectDocument, page: PageRequest): Promise<{ items: D[]; count: number }>;
      list?: never;
    };

/**
 * One project-scoped resource kept in a project catalogue (statuses, labels,
 * parameters, custom attributes, integrations): its paths, bodies, read model and commands.
 * `registerCatalogueRoutes` gives it the common endpoints (§2.7, §3.8–§3.11, §3.16).
 */
export type CatalogueResource<
  D extends CatalogueDocument,
  C extends NewItemBody,
  P,
  N extends ChangeCommand,
  R extends z.ZodType,
  L extends z.ZodObject,
> = CatalogueListing<D, L> & {
  /** Its endpoints as `contracts/` declares them (`catalogueRoutes`). */
  routes: CatalogueRoutes<z.ZodType<C>, z.ZodType<P>, R, L, boolean>;
  /** Its deleted items, from its read model's queries. */
  trash: CatalogueTrash<D>;
  find(readStore: ReadStore, id: number): Promise<D | null>;
  /** Wire objects for documents, in order. */
  represent(readStore: ReadStore, items: D[], origin: string): Promise<Array<z.output<R>>> | Array<z.output<R>>;
  create(request: FastifyRequest, body: C): Promise<{ id: number }>;
  /** A PATCH body as the change command's `changes` (undefined: unchanged). */
  changes(body: P): CommandInput<N>['changes'];
  commands: { change: N; delete: ItemCommand; recover: ItemCommand; remove: ItemCommand };
};

/** The item's project must be visible to the caller; system items (no project) are visible to everyone. */
export async function visibleItemOrFail<D extends CatalogueDocument>(readStore: ReadStore, user: UserDocument, item: D | null): Promise<D> {
  if (!item) throw new NotFoundError();
  if (item.projectId !== null) await visibleProjectOrFail(readStore, user, item.projectId);
  return item;
}

/** The project named in a create body: an unknown one is a field error, a hidden one 403. */
export async function projectForNewItem(readStore: ReadStore, user: UserDocument, projectId: number): Promise<ProjectDocument> {
  const project = await findProject(readStore, projectId);
  if (!project) throw ValidationError.of('project', catalogueMessages.projectUnknown(projectId));
  if (!isProjectVisible(project, viewerOf(user))) throw new PermissionDeniedError(messages.cannotViewProject);
  return project;
}

/** §4.13 rows: nothing cascades from these resources yet, so only the source row. */
export function deletePreviewRows(pluralName: string) {
  return [{ verbose_name: 'source model', verbose_name_related_model: pluralName, count: 1 }];
}

/** The projects whose trash the caller may see; null for a superuser (all of them). System items are always included. */
async function trashScope(readStore: ReadStore, user: UserDocument, query: unknown): Promise<Array<number | null> | null> {
  if ((query as { project?: string }).project !== undefined) {
    const project = await visibleProjectOrFail(readStore, user, requiredProjectQuery(query));
    return [null, project._id];
  }
  if (user.isSuperuser) return null;
  return [null, ...(await visibleProjectIds(readStore, viewerOf(user)))];
}

export function registerCatalogueRoutes<
  D extends CatalogueDocument,
  C extends NewItemBody,
  P,
  N extends ChangeCommand,
  R extends z.ZodType,
  L extends z.ZodObject,
>(app: FastifyInstance, context: GatewayContext, resource: CatalogueResource<D, C, P, N, R, L>): void {
  const { readStore } = context.system;
  const { routes } = resource;
  const createBody = routes.create.body;
  const patchBody = routes.update.body;
  const listQuery = routes.list.querystring;
  const pluralName = routes.list.resource.replaceAll('-', ' ');
  const idOf = (request: FastifyRequest) => Number((request.params as { id: string }).id);
  const representOne = async (request: FastifyRequest, item: D) => (await resource.represent(readStore, [item], ownOrigin(request)))[0];
  const visibleItem = async (request: FastifyRequest) =>
    visibleItemOrFail(readStore, requireUser(request), await resource.find(readStore, idOf(request)));
  const answerWith = async (request: FastifyRequest, id: number) => {
    const item = await resource.find(readStore, id);
    if (!item) throw new NotFoundError();
    return representOne(request, item);
  };

  serve(app, routes.list, async (request) => {
    const project = await visibleProjectOrFail(readStore, requireUser(request), requiredProjectQuery(request.query));
    const filters = parseOrThrow(listQuery, request.query) as z.output<L>;
    if (resource.listPage) {
      const page = pageRequest(request.query as Record<string, string>);
      const { items, count } = await resource.listPage(filters, project, page);
      throwIfAborted(request);
      return paginated(request, page, count, await resource.represent(readStore, items, ownOrigin(request)));
    }
    const items = await resource.list(filters, project);
    throwIfAborted(request);
    return resource.represent(readStore, items, ownOrigin(request));
  });

  serve(app, routes.create, async (request, reply) => {
    const body = parseOrThrow(createBody, request.body ?? {});
    if (body.project != null) await projectForNewItem(readStore, requireUser(request), body.project);
    const { id } = await resource.create(request, body);
    return reply.code(201).send(await answerWith(request, id));
  });

  serve(app, routes.retrieve, async (request) => representOne(request, await visibleItem(request)));

  const update = async (request: FastifyRequest) => {
    const item = await visibleItem(request);
    const changes = resource.changes(parseOrThrow(patchBody, request.body ?? {}));
    await execute(context, request, resource.commands.change, { projectId: item.projectId, id: item._id, changes } as CommandInput<N>);
    return answerWith(request, item._id);
  };
  serve(app, routes.update, update);
  serve(app, routes.replace, update);

  serve(app, routes.destroy, async (request, reply) => {
    const item = await visibleItem(request);
    await execute(context, request, resource.commands.delete, { projectId: item.projectId, id: item._id });
    return reply.code(204).send();
  });

  serve(app, routes.deletePreview, async (request) => {
    await visibleItem(request);
    return deletePreviewRows(pluralName);
  });

  serve(app, routes.trash, async (request) => {
    const scope = await trashScope(readStore, requireUser(request), request.query);
    const page = pageRequest(request.query as Record<string, string>);
    const { items, count } = await resource.trash.list(readStore, scope, page);
    throwIfAborted(request);
    return paginated(request, page, count, await resource.represent(readStore, items, ownOrigin(request)));
  });

  /** Every id must be in the trash and in a project the caller can see; then each is handled in turn. */
  const trashed = (request: FastifyRequest): Promise<D[]> =>
    namedInstances(
      readStore,
      requireUser(request),
      request.body,
      (ids) => resource.trash.find(readStore, ids),
      () => true,
    );

  serve(app, routes.recover, async (request) => {
    const items = await trashed(request);
    for (const item of items) await execute(context, request, resource.commands.recover, { projectId: item.projectId, id: item._id });
    const recovered: D[] = [];
    for (const item of items) recovered.push((await resource.find(readStore, item._id)) ?? item);
    return resource.represent(readStore, recovered, ownOrigin(request));
  });

  serve(app, routes.remove, async (request, reply) => {
    for (const item of await trashed(request)) {
      await execute(context, request, resource.commands.remove, { projectId: item.projectId, id: item._id });
    }
    return reply.code(204).send();
  });
}
