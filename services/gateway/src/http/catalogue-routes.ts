import type { CommandInput, CommandName } from '@testament/commands';
import {
  NotFoundError,
  PermissionDeniedError,
  ValidationError,
  catalogueMessages,
  messages,
  paginatedResponse,
  parseOrThrow,
  previewResponse,
  projectScopeQuery,
  trashBody,
  trashListQuery,
} from '@testament/contracts';
import type { ReadStore } from '@testament/infra';
import {
  findProject,
  isProjectVisible,
  visibleProjectIds,
  type CatalogueDocument,
  type CatalogueTrash,
  type ProjectDocument,
  type UserDocument,
} from '@testament/projections';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { GatewayContext } from '../context.ts';
import { ownOrigin, requireUser } from '../plugins/authentication.ts';
import { throwIfAborted } from '../plugins/cancellation.ts';
import { viewerOf } from '../routes/projects/representation.ts';
import { execute } from './execute.ts';
import { pageRequest, paginated, type PageRequest } from './pagination.ts';
import { namedInstances, requiredProjectQuery, visibleProjectOrFail } from './project-scope.ts';
import { noContent, routeContracts } from './route-schema.ts';

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
export type CatalogueResource<D extends CatalogueDocument, C extends NewItemBody, P, N extends ChangeCommand, R extends z.ZodType, L extends z.ZodObject> = CatalogueListing<D, L> & {
  /** `custom-attributes` → `/api/v2/custom-attributes/`; the delete preview calls them "custom attributes" (§4.13). */
  path: string;
  /** One item, as the docs' summaries name it: `custom attribute`. */
  itemName: string;
  /** Its deleted items, from its read model's queries. */
  trash: CatalogueTrash<D>;
  createBody: z.ZodType<C>;
  patchBody: z.ZodType<P>;
  /** The item's wire object: the contract of every answer made of items. */
  response: R;
  /** The list's filters besides `?project=`, parsed for `list`. */
  listQuery: L;
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

export function registerCatalogueRoutes<D extends CatalogueDocument, C extends NewItemBody, P, N extends ChangeCommand, R extends z.ZodType, L extends z.ZodObject>(
  app: FastifyInstance,
  context: GatewayContext,
  resource: CatalogueResource<D, C, P, N, R, L>,
): void {
  const { readStore } = context.system;
  const base = `/api/v2/${resource.path}/`;
  const detail = `${base}:id(^\\d+)/`;
  const contract = routeContracts(resource.path);
  const { itemName, response: itemResponse } = resource;
  const pluralName = resource.path.replaceAll('-', ' ');
  const idOf = (request: FastifyRequest) => Number((request.params as { id: string }).id);
  const representOne = async (request: FastifyRequest, item: D) => (await resource.represent(readStore, [item], ownOrigin(request)))[0];
  const visibleItem = async (request: FastifyRequest) =>
    visibleItemOrFail(readStore, requireUser(request), await resource.find(readStore, idOf(request)));
  const answerWith = async (request: FastifyRequest, id: number) => {
    const item = await resource.find(readStore, id);
    if (!item) throw new NotFoundError();
    return representOne(request, item);
  };

  app.get(
    base,
    contract({
      summary: `The ${pluralName} a project uses (\`?project=\`)`,
      querystring: projectScopeQuery.extend(resource.listQuery.shape),
      response: { 200: resource.listPage ? paginatedResponse(itemResponse) : z.array(itemResponse) },
    }),
    async (request) => {
      const project = await visibleProjectOrFail(readStore, requireUser(request), requiredProjectQuery(request.query));
      const filters = parseOrThrow(resource.listQuery, request.query);
      if (resource.listPage) {
        const page = pageRequest(request.query as Record<string, string>);
        const { items, count } = await resource.listPage(filters, project, page);
        throwIfAborted(request);
        return paginated(request, page, count, await resource.represent(readStore, items, ownOrigin(request)));
      }
      const items = await resource.list(filters, project);
      throwIfAborted(request);
      return resource.represent(readStore, items, ownOrigin(request));
    },
  );

  app.post(base, contract({ summary: `Create a ${itemName}`, body: resource.createBody, response: { 201: itemResponse } }), async (request, reply) => {
    const body = parseOrThrow(resource.createBody, request.body ?? {});
    if (body.project != null) await projectForNewItem(readStore, requireUser(request), body.project);
    const { id } = await resource.create(request, body);
    return reply.code(201).send(await answerWith(request, id));
  });

  app.get(detail, contract({ summary: `One ${itemName}`, response: { 200: itemResponse } }), async (request) => representOne(request, await visibleItem(request)));

  const update = async (request: FastifyRequest) => {
    const item = await visibleItem(request);
    const changes = resource.changes(parseOrThrow(resource.patchBody, request.body ?? {}));
    await execute(context, request, resource.commands.change, { projectId: item.projectId, id: item._id, changes } as CommandInput<N>);
    return answerWith(request, item._id);
  };
  const updateContract = contract({ summary: `Change a ${itemName}`, body: resource.patchBody, response: { 200: itemResponse } });
  app.patch(detail, updateContract, update);
  app.put(detail, updateContract, update);

  app.delete(detail, contract({ summary: `Delete a ${itemName} (it goes to the trash)`, response: { 204: noContent } }), async (request, reply) => {
    const item = await visibleItem(request);
    await execute(context, request, resource.commands.delete, { projectId: item.projectId, id: item._id });
    return reply.code(204).send();
  });

  app.get(`${detail}delete/preview/`, contract({ summary: `What deleting the ${itemName} would delete`, response: { 200: previewResponse } }), async (request) => {
    await visibleItem(request);
    return deletePreviewRows(pluralName);
  });

  app.get(
    `${base}deleted/`,
    contract({
      summary: `Deleted ${pluralName} in the trash, of one project (\`?project=\`) or of every project the caller can see`,
      querystring: trashListQuery,
      response: { 200: paginatedResponse(itemResponse) },
    }),
    async (request) => {
      const scope = await trashScope(readStore, requireUser(request), request.query);
      const page = pageRequest(request.query as Record<string, string>);
      const { items, count } = await resource.trash.list(readStore, scope, page);
      throwIfAborted(request);
      return paginated(request, page, count, await resource.represent(readStore, items, ownOrigin(request)));
    },
  );

  /** Every id must be in the trash and in a project the caller can see; then each is handled in turn. */
  const trashed = (request: FastifyRequest): Promise<D[]> =>
    namedInstances(readStore, requireUser(request), request.body, (ids) => resource.trash.find(readStore, ids), () => true);

  app.post(
    `${base}deleted/recover/`,
    contract({ summary: `Recover ${pluralName} from the trash`, body: trashBody, response: { 200: z.array(itemResponse) } }),
    async (request) => {
      const items = await trashed(request);
      for (const item of items) await execute(context, request, resource.commands.recover, { projectId: item.projectId, id: item._id });
      const recovered: D[] = [];
      for (const item of items) recovered.push((await resource.find(readStore, item._id)) ?? item);
      return resource.represent(readStore, recovered, ownOrigin(request));
    },
  );

  app.post(`${base}deleted/remove/`, contract({ summary: `Remove ${pluralName} from the trash for good`, body: trashBody, response: { 204: noContent } }), async (request, reply) => {
    for (const item of await trashed(request)) {
      await execute(context, request, resource.commands.remove, { projectId: item.projectId, id: item._id });
    }
    return reply.code(204).send();
  });
}
