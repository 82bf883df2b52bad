import type { ParameterCreateBody } from '@testament/contracts';
import { catalogueApi } from '../project-catalogue/catalogue-api.ts';

/** The Parameter object of §3.10: a value (`data`, such as "Chrome") in a group (such as "Browser"). */
export interface Parameter {
  id: number;
  project: number;
  data: string;
  group_name: string;
}

export const parameterApi = catalogueApi<Parameter, ParameterCreateBody>('parameters');

/** The groups already in use, for the form's suggestions. */
export function parameterGroups(parameters: readonly Parameter[]): string[] {
  return [...new Set(parameters.map((parameter) => parameter.group_name))].sort((a, b) => a.localeCompare(b));
}
