import { type Parameter, parameterRoutes } from '@testament/contracts';
import { catalogueApi } from '../catalogue/catalogue-api.ts';

export type { Parameter } from '@testament/contracts';

export const parameterApi = catalogueApi(parameterRoutes);

/** The groups already in use, for the form's suggestions. */
export function parameterGroups(parameters: readonly Parameter[]): string[] {
  return [...new Set(parameters.map((parameter) => parameter.group_name))].sort((a, b) => a.localeCompare(b));
}
