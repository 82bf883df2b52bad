import { z } from 'zod';
import { catalogueRoutes, colorField, numberChoice, projectReference, requiredText } from './project-catalogue.ts';
import { id } from './wire.ts';

export const statusMessages = {
  systemImmutable: 'System statuses cannot be changed or deleted.',
  systemWithoutProject: 'A system status must not have a project.',
  customNeedsProject: 'A custom status must have a project.',
  onlySuperuserCreatesSystem: 'Only an administrator can create system statuses.',
  typeFixed: 'The status type cannot be changed.',
  nameTaken: 'A status with this name already exists in this project.',
  nameBuiltIn: (name: string) => `"${name}" is the name of a built-in status.`,
} as const;

const statusFields = {
  name: requiredText(100),
  color: colorField,
  project: projectReference.nullable(),
  type: numberChoice([0, 1]),
};

/** TestY's default when a new status names no colour. */
export const DEFAULT_STATUS_COLOR = '#000000';

/** `POST statuses/` (§3.8): type defaults to custom, colour to black, as in TestY. */
export const statusCreateBody = z.object({
  ...statusFields,
  color: statusFields.color.optional().default(DEFAULT_STATUS_COLOR),
  project: statusFields.project.optional(),
  type: statusFields.type.optional(),
});
export type StatusCreateBody = z.output<typeof statusCreateBody>;

export const statusPatchBody = z.object(statusFields).partial();
export type StatusPatchBody = z.output<typeof statusPatchBody>;

export const statusListQuery = z.object({ type: z.enum(['0', '1']).optional() });

/** The Status object (§3.8): system statuses (type 0, no project) for everyone, custom ones (type 1) per project. */
export const statusResponse = z.strictObject({
  id,
  url: z.string(),
  name: z.string(),
  color: z.string(),
  type: z.literal([0, 1]),
  project: id.nullable(),
});
export type Status = z.output<typeof statusResponse>;

/** `statuses/` (the catalogue's endpoints). */
export const statusRoutes = catalogueRoutes('statuses', {
  itemName: 'status',
  createBody: statusCreateBody,
  patchBody: statusPatchBody,
  response: statusResponse,
  listQuery: statusListQuery,
});
