import { z } from 'zod';
import { fieldMessages, idField, queryId } from './fields.ts';
import { messages } from '../messages.ts';
import { paginationQuery } from './query.ts';
import { noContent, routeSet, type RouteSet } from './route.ts';
import { paginatedResponse, previewResponse } from './wire.ts';

/** Messages shared by the per-project catalogues (statuses, labels, parameters, custom attributes). */
export const catalogueMessages = {
  invalidColor: 'Enter a colour as #hex, rgb(r, g, b) or rgba(r, g, b, a).',
  invalidInteger: fieldMessages.invalidInteger,
  notAString: 'Not a valid string.',
  invalidChoice: (value: unknown) => `"${String(value)}" is not a valid choice.`,
  tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
  projectUnknown: (id: number) => `Invalid pk "${id}" - object does not exist.`,
  projectFixed: 'The project cannot be changed.',
  notInTrash: (id: number) => `Invalid pk "${id}" - object does not exist.`,
} as const;

const byte = (text: string) => /^\d{1,3}$/.test(text) && Number(text) <= 255;
const alpha = (text: string) => /^(0|1|0?\.\d+|1\.0+)$/.test(text);

/** Colours as the reference stores them: `#hex`, `rgb()` or `rgba()`. */
export function isCssColor(value: string): boolean {
  if (/^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value)) return true;
  const match = /^(rgba?)\(([^)]*)\)$/i.exec(value);
  if (!match) return false;
  const parts = match[2]!.split(',').map((part) => part.trim());
  if (match[1]!.toLowerCase() === 'rgb') return parts.length === 3 && parts.every(byte);
  return parts.length === 4 && parts.slice(0, 3).every(byte) && alpha(parts[3]!);
}

export const colorField = z.string().trim().refine(isCssColor, catalogueMessages.invalidColor);

/** A required text field: trimmed, not blank, at most `max` characters. */
export function requiredText(max = 255) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? messages.required : catalogueMessages.notAString) })
    .trim()
    .min(1, messages.blank)
    .max(max, catalogueMessages.tooLong(max));
}

export const projectReference = idField;

/** One of a few integers, with DRF's message for anything else. */
export function numberChoice<const T extends number>(choices: readonly T[]) {
  return z.unknown().transform((value, ctx): T => {
    if (value === undefined) ctx.addIssue({ code: 'custom', message: messages.required });
    else if (typeof value !== 'number' || !choices.includes(value as T))
      ctx.addIssue({ code: 'custom', message: catalogueMessages.invalidChoice(value) });
    return value as T;
  });
}

/** `deleted/recover/` and `deleted/remove/` (§2.7). */
export const trashBody = z.object({
  instance_ids: z.array(idField, { error: messages.required }).min(1, messages.required),
});

/**
 * `?project=<id>`, which project-scoped lists require (§2.6, D15). For the
 * docs: the gateway reads it with `requiredProjectQuery`, whose refusals
 * (missing: a general error; not digits: a field error) zod cannot word.
 */
export const projectScopeQuery = z.object({ project: queryId });

/** `deleted/` (§2.7): the trash, of one project or of every project the caller can see. */
export const trashListQuery = projectScopeQuery.partial().extend(paginationQuery.shape);

/** What a catalogue's routes are made of (statuses, labels, parameters, custom attributes, integrations). */
export interface CatalogueShape<
  C extends z.ZodType,
  P extends z.ZodType,
  R extends z.ZodType,
  L extends z.ZodObject,
  Paged extends boolean,
> {
  /** One item, as the docs' summaries name it: `custom attribute`. */
  itemName: string;
  createBody: C;
  patchBody: P;
  /** The item's wire object: the contract of every answer made of items. */
  response: R;
  /** The list's filters besides `?project=`. */
  listQuery: L;
  /** The list answers in pages (integrations); otherwise a bare array. */
  paged?: Paged;
}

/**
 * The common endpoints of a project catalogue (§2.7, §3.8–§3.11, §3.16) under `/api/v2/{resource}/`: the list of a project,
 * create, one item, change (PATCH or PUT), delete to the trash with its preview, and the trash's list, recover and remove.
 */
export function catalogueRoutes<
  C extends z.ZodType,
  P extends z.ZodType,
  R extends z.ZodType,
  L extends z.ZodObject,
  Paged extends boolean = false,
  Resource extends string = string,
>(resource: Resource, shape: CatalogueShape<C, P, R, L, Paged>): CatalogueRoutes<C, P, R, L, Paged, Resource> {
  return routeSet(resource, catalogueTable(resource, shape));
}

function catalogueTable<
  C extends z.ZodType,
  P extends z.ZodType,
  R extends z.ZodType,
  L extends z.ZodObject,
  Paged extends boolean = false,
  Resource extends string = string,
>(resource: Resource, shape: CatalogueShape<C, P, R, L, Paged>) {
  const base = `/api/v2/${resource}/` as const;
  const detail = `${base}:id(^\\d+)/` as const;
  const pluralName = resource.replaceAll('-', ' ');
  const { itemName, response } = shape;
  const change = { path: detail, summary: `Change a ${itemName}`, body: shape.patchBody, response: { 200: response } } as const;
  return {
    list: {
      method: 'GET',
      path: base,
      summary: `The ${pluralName} a project uses (\`?project=\`)`,
      // Typed by hand: zod's `extend` loses a generic shape's keys, and the client's calls are checked against them.
      querystring: projectScopeQuery.extend(shape.listQuery.shape) as unknown as z.ZodObject<
        (typeof projectScopeQuery)['shape'] & L['shape']
      >,
      response: {
        200: (shape.paged ? paginatedResponse(response) : z.array(response)) as Paged extends true
          ? ReturnType<typeof paginatedResponse<R>>
          : z.ZodArray<R>,
      },
    },
    create: { method: 'POST', path: base, summary: `Create a ${itemName}`, body: shape.createBody, response: { 201: response } },
    retrieve: { method: 'GET', path: detail, summary: `One ${itemName}`, response: { 200: response } },
    update: { method: 'PATCH', ...change },
    replace: { method: 'PUT', ...change },
    destroy: { method: 'DELETE', path: detail, summary: `Delete a ${itemName} (it goes to the trash)`, response: { 204: noContent } },
    deletePreview: {
      method: 'GET',
      path: `${detail}delete/preview/`,
      summary: `What deleting the ${itemName} would delete`,
      response: { 200: previewResponse },
    },
    trash: {
      method: 'GET',
      path: `${base}deleted/`,
      summary: `Deleted ${pluralName} in the trash, of one project (\`?project=\`) or of every project the caller can see`,
      querystring: trashListQuery,
      response: { 200: paginatedResponse(response) },
    },
    recover: {
      method: 'POST',
      path: `${base}deleted/recover/`,
      summary: `Recover ${pluralName} from the trash`,
      body: trashBody,
      response: { 200: z.array(response) },
    },
    remove: {
      method: 'POST',
      path: `${base}deleted/remove/`,
      summary: `Remove ${pluralName} from the trash for good`,
      body: trashBody,
      response: { 204: noContent },
    },
  } as const;
}

export type CatalogueRoutes<
  C extends z.ZodType,
  P extends z.ZodType,
  R extends z.ZodType,
  L extends z.ZodObject,
  Paged extends boolean,
  Resource extends string = string,
> = RouteSet<ReturnType<typeof catalogueTable<C, P, R, L, Paged, Resource>>>;
