import { messages } from '../messages.ts';
import { z } from 'zod';
import { catalogueRoutes, colorField, numberChoice, projectReference, requiredText } from './project-catalogue.ts';
import { id } from './wire.ts';

export const labelMessages = {
  nameClash: (name: string, existing: string) => `Label "${name}" clashes with already existing label "${existing}".`,
} as const;

const labelFields = {
  name: requiredText(255),
  project: projectReference,
  color: colorField.nullable(),
  /** 0 system (the default), 1 custom; deprecated. */
  type: numberChoice([0, 1]),
};

export const labelCreateBody = z.object({ ...labelFields, color: labelFields.color.optional(), type: labelFields.type.optional() });
export type LabelCreateBody = z.output<typeof labelCreateBody>;

export const labelPatchBody = z.object(labelFields).partial();
export type LabelPatchBody = z.output<typeof labelPatchBody>;

const labelOrder = /^-?(id|name|type)(,-?(id|name|type))*$/;
export const labelListQuery = z.object({ ordering: z.string().regex(labelOrder, messages.invalidOrdering).optional() });

/** The Label object (§3.9); labels are put on cases, and tests and results inherit them. */
export const labelResponse = z.strictObject({
  id,
  url: z.string(),
  name: z.string(),
  /** The creator's username; null when the creator is unknown. */
  username: z.string().nullable(),
  /** 0 system, 1 custom; deprecated. */
  type: z.literal([0, 1]),
  /** The creator. */
  user: id.nullable(),
  project: id,
  color: z.string().nullable(),
});
export type Label = z.output<typeof labelResponse>;

/** `labels/` (the catalogue's endpoints). */
export const labelRoutes = catalogueRoutes('labels', {
  itemName: 'label',
  createBody: labelCreateBody,
  patchBody: labelPatchBody,
  response: labelResponse,
  listQuery: labelListQuery,
});
