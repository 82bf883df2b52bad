import { z } from 'zod';
import { CONTENT_TYPES } from '../content-types.ts';
import { messages } from '../messages.ts';
import { catalogueMessages, catalogueRoutes, projectReference, requiredText } from './project-catalogue.ts';
import { booleanField } from './fields.ts';
import { paginationQuery } from './query.ts';
import { id, paginatedResponse } from './wire.ts';

export const INTEGRATION_URL_MAX = 2000;

export const integrationMessages = {
  nameTaken: 'The fields name, project must make a unique set.',
  invalidUrl: 'Enter a valid URL.',
  unknownPageType: (model: string) => `Object with model=${model} does not exist.`,
  invalidPageType: 'Invalid value.',
} as const;

/** The page models an integration can be offered on: any content type, named by its model (`testplan`). */
export const INTEGRATION_PAGE_TYPES: readonly string[] = CONTENT_TYPES.map((type) => type.model);

/**
 * An address of an outside service: http(s) with a host and no spaces. The path and query are
 * kept as typed, so `{{TESTY_PROJECT_ID}}` and `{{TESTY_PLAN_ID}}` survive to be filled in by
 * the page; other schemes (`javascript:` above all) are refused because the pages link to it.
 */
export function isServiceUrl(value: string): boolean {
  const match = /^https?:\/\/([^\s/?#]+)([/?#]\S*)?$/i.exec(value);
  if (!match) return false;
  const host = match[1]!.replace(/^[^@]*@/, '').replace(/:\d{1,5}$/, '');
  return /^(\[[0-9a-f:.]+\]|[\p{L}\p{N}]([\p{L}\p{N}-]*[\p{L}\p{N}])?(\.[\p{L}\p{N}]([\p{L}\p{N}-]*[\p{L}\p{N}])?)*\.?)$/iu.test(host);
}

const serviceUrl = z
  .string({ error: (issue) => (issue.input === undefined ? messages.required : catalogueMessages.notAString) })
  .trim()
  .min(1, messages.blank)
  .max(INTEGRATION_URL_MAX, catalogueMessages.tooLong(INTEGRATION_URL_MAX))
  .refine(isServiceUrl, integrationMessages.invalidUrl);

const pageType = z.unknown().transform((value, ctx): string => {
  if (value === undefined) ctx.addIssue({ code: 'custom', message: messages.required });
  else if (value === null) ctx.addIssue({ code: 'custom', message: messages.notNull });
  else if (typeof value !== 'string') ctx.addIssue({ code: 'custom', message: integrationMessages.invalidPageType });
  else if (!INTEGRATION_PAGE_TYPES.includes(value.trim().toLowerCase()))
    ctx.addIssue({ code: 'custom', message: integrationMessages.unknownPageType(value) });
  return typeof value === 'string' ? value.trim().toLowerCase() : z.NEVER;
});

const description = z
  .string({ error: (issue) => (issue.input === null ? messages.notNull : catalogueMessages.notAString) })
  .trim()
  .max(10_000, catalogueMessages.tooLong(10_000));

const integrationFields = {
  name: requiredText(255),
  description,
  service_url: serviceUrl,
  is_new_tab: booleanField,
  project: projectReference,
  page_type: pageType,
};

/** `POST integrations/`: the name, the URL, the project and the page type are required. */
export const integrationCreateBody = z.object({
  ...integrationFields,
  description: description.optional().default(''),
  is_new_tab: booleanField.optional().default(false),
});
export type IntegrationCreateBody = z.output<typeof integrationCreateBody>;

/** `PATCH|PUT integrations/{id}/`: any of the fields; the project cannot change. */
export const integrationPatchBody = z.object(integrationFields).partial();
export type IntegrationPatchBody = z.output<typeof integrationPatchBody>;

/** `GET integrations/?project=&page_type=&name=` (§3.16): exact page type, name containing the text. */
export const integrationListQuery = z.object({
  page_type: z.string().optional(),
  name: z.string().optional(),
  ...paginationQuery.shape,
});

/** The Integration object (§3.16). */
export const integrationResponse = z.strictObject({
  id,
  name: z.string(),
  description: z.string(),
  service_url: z.string(),
  is_new_tab: z.boolean(),
  project: id,
  page_type: z.string(),
});
export type Integration = z.output<typeof integrationResponse>;
export const integrationListResponse = paginatedResponse(integrationResponse);

/** `integrations/` (the catalogue's endpoints). */
export const integrationRoutes = catalogueRoutes('integrations', {
  itemName: 'integration',
  createBody: integrationCreateBody,
  patchBody: integrationPatchBody,
  response: integrationResponse,
  listQuery: integrationListQuery,
  paged: true,
});
