import type { AppliedTo } from '@testament/contracts';
import type { KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { catalogueCommands, loadCatalogue, type CatalogueItemRef, itemHandlers } from '../project-catalogue/handlers.ts';
import { customAttributeDecider, type CustomAttributeFields } from './decide.ts';

type ResultTarget = NonNullable<AppliedTo['testresult']>;

/** `applied_to` as the API hands it over: `statusSpecific: null` means "every status the project has now" (§3.11). */
export type AppliedToInput = Omit<AppliedTo, 'testresult'> & {
  testresult?: Omit<ResultTarget, 'statusSpecific'> & { statusSpecific: number[] | null };
};

export type CustomAttributeInput = Omit<CustomAttributeFields, 'appliedTo'> & { appliedTo: AppliedToInput };

function resolveStatuses(appliedTo: AppliedToInput, statusIds: number[]): AppliedTo {
  const { testresult, ...others } = appliedTo;
  if (!testresult) return others;
  return { ...others, testresult: { ...testresult, statusSpecific: testresult.statusSpecific ?? statusIds } };
}

/** The names of the active required attributes a project's objects of this kind must carry (§4.17). */
export async function requiredAttributeNames(deps: KernelDeps, projectId: number, target: 'testsuite' | 'testplan'): Promise<string[]> {
  const state = await loadCatalogue(deps, customAttributeDecider, ATTRIBUTES, projectId);
  return [...state.items.values()]
    .filter((item) => !item.deleted && item.fields.appliedTo[target]?.isActive && item.fields.appliedTo[target]?.isRequired)
    .map((item) => item.fields.name);
}

/**
 * The names of the active required attributes a result with this status, on a case of this suite, must carry (§4.17: empty suite or status
 * lists mean any).
 */
export async function requiredResultAttributeNames(
  deps: KernelDeps,
  projectId: number,
  statusId: number,
  suiteId: number,
): Promise<string[]> {
  const state = await loadCatalogue(deps, customAttributeDecider, ATTRIBUTES, projectId);
  return [...state.items.values()]
    .filter((item) => {
      const target = item.fields.appliedTo.testresult;
      if (item.deleted || !target?.isActive || !target.isRequired) return false;
      return (
        (target.suiteIds.length === 0 || target.suiteIds.includes(suiteId)) &&
        (target.statusSpecific.length === 0 || target.statusSpecific.includes(statusId))
      );
    })
    .map((item) => item.fields.name);
}

const ATTRIBUTES = 'custom-attributes';

function attributeCatalogue(deps: KernelDeps) {
  return catalogueCommands(deps, customAttributeDecider, { resource: ATTRIBUTES, idType: 'customattribute' });
}

/** `usableStatusIds`: the status catalogue's, wired in by the command service. */
export function customAttributeHandlers(deps: KernelDeps, usableStatusIds: (projectId: number) => Promise<number[]>) {
  const attributes = attributeCatalogue(deps);
  return {
    async create(input: CustomAttributeInput, meta: CommandMeta) {
      const statusIds = await usableStatusIds(input.projectId);
      return attributes.create({ ...input, appliedTo: resolveStatuses(input.appliedTo, statusIds) }, meta, { statusIds });
    },
    async change(
      input: CatalogueItemRef & { projectId: number; changes: Partial<Omit<CustomAttributeInput, 'projectId'>> & { projectId?: number } },
      meta: CommandMeta,
    ) {
      const statusIds = await usableStatusIds(input.projectId);
      const { appliedTo, ...rest } = input.changes;
      const changes = appliedTo ? { ...rest, appliedTo: resolveStatuses(appliedTo, statusIds) } : rest;
      return attributes.change(input.projectId, input.id, changes, meta, { statusIds });
    },
    ...itemHandlers(attributes),
  };
}
