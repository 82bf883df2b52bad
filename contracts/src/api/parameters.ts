import { z } from 'zod';
import { catalogueRoutes, projectReference, requiredText } from './project-catalogue.ts';
import { routeSet } from './route.ts';
import { id } from './wire.ts';

export const parameterMessages = {
  notUnique: 'The fields group_name, data, project must make a unique set.',
} as const;

const parameterFields = { data: requiredText(255), group_name: requiredText(255), project: projectReference };

export const parameterCreateBody = z.object(parameterFields);
export type ParameterCreateBody = z.output<typeof parameterCreateBody>;

export const parameterPatchBody = z.object(parameterFields).partial();
export type ParameterPatchBody = z.output<typeof parameterPatchBody>;

/** The Parameter object (§3.10): a value (`data`, such as "Chrome") in a group (such as "Browser"). */
export const parameterResponse = z.strictObject({
  id,
  project: id,
  data: z.string(),
  group_name: z.string(),
  url: z.string(),
});
export type Parameter = z.output<typeof parameterResponse>;

/** `parameters/` (the catalogue's endpoints). */
export const parameterRoutes = catalogueRoutes('parameters', {
  itemName: 'parameter',
  createBody: parameterCreateBody,
  patchBody: parameterPatchBody,
  response: parameterResponse,
  listQuery: z.object({}),
});

/** A project's own list of its parameters, beside the catalogue. */
export const projectParameterRoutes = routeSet('parameters', {
  ofProject: {
    method: 'GET',
    path: '/api/v2/projects/:id(^\\d+)/parameters/',
    summary: "A project's parameters",
    response: { 200: z.array(parameterResponse) },
  },
});
