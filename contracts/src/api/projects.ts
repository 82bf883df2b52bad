import { z } from 'zod';
import { booleanField, idField, nullableIdField, queryBoolean } from './fields.ts';
import { parseCalendarDuration } from '../duration.ts';
import { messages } from '../messages.ts';
import { trashBody } from './project-catalogue.ts';
import { paginationQuery } from './query.ts';
import { file, noContent, routeSet } from './route.ts';
import { count, id, paginatedResponse, previewResponse, timestamp } from './wire.ts';

const resultEditLimit = z.union([z.string(), z.number(), z.null()]).transform((value, ctx) => {
  if (value === null) return null;
  const text = String(value).trim();
  if (text === '') return null;
  const seconds = parseCalendarDuration(text);
  if (seconds === null || seconds <= 0) {
    ctx.addIssue({ code: 'custom', message: messages.invalidDuration });
    return z.NEVER;
  }
  return seconds;
});

/** Keys a TestY client adds beyond these are ignored, as its serializers ignore them; the known ones are checked. */
export const projectSettingsBody = z.object({
  is_result_editable: booleanField.optional(),
  result_edit_limit: resultEditLimit.optional(),
  status_order: z.record(z.string().regex(/^\d+$/, messages.statusOrderShape), z.coerce.number().int()).optional(),
  default_status: nullableIdField.optional(),
  import_statuses: z
    .object({ passed: idField.optional(), failed: idField.optional(), error: idField.optional(), skipped: idField.optional() })
    .optional(),
});

/** Settings come as a JSON object, or as a JSON string inside multipart bodies. */
const settingsField = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}, projectSettingsBody);

const name = z.string({ error: messages.required }).trim().min(1, messages.blank).max(256);

export const projectCreateBody = z.object({
  name,
  description: z.string().optional().default(''),
  is_private: booleanField.optional().default(false),
  is_archive: booleanField.optional().default(false),
  is_favorite: booleanField.optional().default(false),
  settings: settingsField.optional(),
});
export type ProjectCreateBody = z.output<typeof projectCreateBody>;

export const projectPatchBody = z.object({
  name: name.optional(),
  description: z.string().optional(),
  is_private: booleanField.optional(),
  is_archive: booleanField.optional(),
  settings: settingsField.optional(),
});
export type ProjectPatchBody = z.output<typeof projectPatchBody>;
/** A PATCH body as a client sends it in JSON, with `settings` as an object (multipart bodies bring it as a JSON string). */
export type ProjectPatchRequest = Omit<z.input<typeof projectPatchBody>, 'settings'> & { settings?: z.input<typeof projectSettingsBody> };

export const projectListQuery = z.object({
  name: z.string().optional(),
  is_archive: queryBoolean.optional(),
  favorites: queryBoolean.optional(),
  ordering: z
    .string()
    .regex(/^-?(name|is_archive|is_private)(,-?(name|is_archive|is_private))*$/, messages.invalidOrdering)
    .optional(),
});
export type ProjectListQuery = z.output<typeof projectListQuery>;

export const archiveRestoreBody = z.object({
  instance_ids: z.array(idField, { error: messages.required }).min(1, messages.required),
});

/** Icons: png or jpeg, checked by content, at most 5 MB. */
export const ICON_MAX_BYTES = 5 * 1024 * 1024;

/** The Project object (§3.1). A project the caller cannot see keeps only what its blurred card needs. */
export const projectResponse = z.strictObject({
  id,
  url: z.string(),
  name: z.string(),
  description: z.string(),
  is_archive: z.boolean(),
  is_private: z.boolean(),
  /** The icon's URL, or '' when the project has none. */
  icon: z.string(),
  settings: z.strictObject({
    is_result_editable: z.boolean(),
    /** A calendar duration such as `2d 4h`, or null for no limit. */
    result_edit_limit: z.string().nullable(),
    status_order: z.record(z.string(), z.number().int()),
    default_status: id.nullable(),
    /** The status an imported report's test gets for each outcome. */
    import_statuses: z.strictObject({ passed: id, failed: id, error: id, skipped: id }),
  }),
  is_manageable: z.boolean(),
  is_visible: z.boolean(),
  cases_count: count,
  suites_count: count,
  plans_count: count,
  tests_count: count,
  created_at: timestamp,
  updated_at: timestamp,
});
export type Project = z.output<typeof projectResponse>;
export const projectListResponse = paginatedResponse(projectResponse);

/** `GET system/statistics/`: the dashboard's totals over the caller's visible, active projects. */
export const statisticsResponse = z.strictObject({
  projects_count: count,
  cases_count: count,
  suites_count: count,
  plans_count: count,
  tests_count: count,
});
export type Statistics = z.output<typeof statisticsResponse>;

const projectList = '/api/v2/projects/';
const projectDetail = '/api/v2/projects/:id(^\\d+)/';
const projectChange = {
  path: projectDetail,
  summary: 'Change a project (a new icon may come as a multipart file `icon`)',
  body: projectPatchBody,
  multipart: true,
  response: { 200: projectResponse },
} as const;

/** `projects/` (§3.1): the projects, their archive and trash, their icons, and the dashboard's totals (§3.17). */
export const projectRoutes = routeSet('projects', {
  list: {
    method: 'GET',
    path: projectList,
    summary: 'Projects the caller may see, favourites first',
    querystring: projectListQuery.extend(paginationQuery.shape),
    response: { 200: projectListResponse },
  },
  create: {
    method: 'POST',
    path: projectList,
    summary: 'Create a project (an icon may come as a multipart file `icon`)',
    body: projectCreateBody,
    multipart: true,
    response: { 201: projectResponse },
  },
  retrieve: { method: 'GET', path: projectDetail, summary: 'One project', response: { 200: projectResponse } },
  update: { method: 'PATCH', ...projectChange },
  replace: { method: 'PUT', ...projectChange },
  destroy: {
    method: 'DELETE',
    path: projectDetail,
    summary: 'Delete a project and everything in it (to the trash)',
    response: { 204: noContent },
  },
  deletePreview: {
    method: 'GET',
    path: `${projectDetail}delete/preview/` as const,
    summary: 'What deleting the project would delete',
    response: { 200: previewResponse },
  },
  archivePreview: {
    method: 'GET',
    path: `${projectDetail}archive/preview/` as const,
    summary: 'What archiving the project would archive',
    response: { 200: previewResponse },
  },
  archive: { method: 'POST', path: `${projectDetail}archive/` as const, summary: 'Archive a project', response: { 200: projectResponse } },
  restore: {
    method: 'POST',
    path: '/api/v2/projects/archive/restore/',
    summary: 'Restore archived projects',
    body: archiveRestoreBody,
    response: { 200: z.array(projectResponse) },
  },
  trash: {
    method: 'GET',
    path: '/api/v2/projects/deleted/',
    summary: 'Deleted projects the caller could see, the latest deleted first',
    querystring: paginationQuery,
    response: { 200: paginatedResponse(projectResponse) },
  },
  recover: {
    method: 'POST',
    path: '/api/v2/projects/deleted/recover/',
    summary: 'Recover projects from the trash, with everything in them',
    body: trashBody,
    response: { 200: z.array(projectResponse) },
  },
  remove: {
    method: 'POST',
    path: '/api/v2/projects/deleted/remove/',
    summary: 'Remove projects from the trash for good, with everything in them',
    body: trashBody,
    response: { 204: noContent },
  },
  icon: {
    method: 'GET',
    path: `${projectDetail}icon/` as const,
    summary: "The project's icon, or its thumbnail (`?width=&height=`)",
    response: { 200: file('The image', 'image/png', 'image/jpeg') },
  },
  statistics: {
    method: 'GET',
    path: '/api/v2/system/statistics/',
    summary: "Dashboard totals over the caller's visible, active projects",
    response: { 200: statisticsResponse },
  },
});
