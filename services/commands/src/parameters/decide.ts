import { ValidationError, parameterMessages, type ParameterEvent } from '@testament/contracts';
import { catalogueDecider, type CatalogueFields } from '../project-catalogue/catalogue.ts';

export interface ParameterFields extends CatalogueFields {
  projectId: number;
  data: string;
  groupName: string;
}

/** Parameters (§3.10): (group_name, data) unique per project; D5: the test-plan permissions govern them. */
export const parameterDecider = catalogueDecider<ParameterFields, ParameterEvent>({
  prefix: 'Parameter',
  permissions: { add: 'add_testplan', change: 'change_testplan', delete: 'delete_testplan' },
  uniqueKey: (parameter) => JSON.stringify([parameter.groupName, parameter.data]),
  clash: () => ValidationError.general(parameterMessages.notUnique),
});
