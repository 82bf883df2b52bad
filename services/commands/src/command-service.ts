import type { EventStore, IdAllocator } from '@testament/infra';
import { AggregateCache, type AggregateCacheLimits } from './kernel/aggregate-cache.ts';
import type { KernelDeps } from './kernel/command-handler.ts';
import type { CommandMeta } from './kernel/command-meta.ts';
import { KeyedQueue } from './kernel/keyed-queue.ts';
import { projectHandlers, resultEditSettings } from './projects/handlers.ts';
import { statusHandlers, usableStatusIds } from './statuses/handlers.ts';
import { labelCatalogue, labelHandlers } from './labels/handlers.ts';
import { liveParameters, parameterHandlers } from './parameters/handlers.ts';
import { integrationHandlers } from './integrations/handlers.ts';
import { groupHandlers } from './groups/handlers.ts';
import { customAttributeHandlers, requiredAttributeNames, requiredResultAttributeNames } from './custom-attributes/handlers.ts';
import { isLiveSuite, suiteCommands, suiteHandlers } from './suites/handlers.ts';
import { suiteCascade } from './workflows/suite-cascade.ts';
import { caseTests } from './workflows/case-tests.ts';
import { caseCommands, caseHandlers, caseStandings, currentCaseVersion } from './cases/handlers.ts';
import { commentHandlers } from './comments/handlers.ts';
import { planCommands } from './plans/handlers.ts';
import { testCommands, testHandlers } from './tests/handlers.ts';
import { bulkJobCommands } from './bulk-jobs/handlers.ts';
import { bulkJobWorkflow, type ChunkWorkers } from './workflows/bulk-jobs.ts';
import { planTests } from './workflows/plan-tests.ts';
import { resultBatch } from './workflows/result-batch.ts';
import { caseLabelIds, caseWritesWithLabels } from './workflows/case-labels.ts';
import { caseImport, type ImportStaging } from './workflows/case-import.ts';
import { RoleDirectory } from './roles/role-directory.ts';
import { roleHandlers } from './roles/handlers.ts';
import { accessRequestHandlers } from './access-requests/handlers.ts';
import { notificationHandlers } from './notifications/handlers.ts';
import { systemMessageHandlers } from './system-messages/handlers.ts';
import { userHandlers } from './users/handlers.ts';
import { sessionHandlers } from './sessions/handlers.ts';
import { attachmentHandlers, unusableAttachment } from './attachments/handlers.ts';
import { loadProjectAccess } from './projects/project-access.ts';
import { assignRolesAnsweringRequest } from './workflows/role-assignment.ts';
import { sessionWorkflows } from './workflows/sessions.ts';
import { deleteStatusClearingDefault } from './workflows/status-deletion.ts';
import { registerWithDefaultNotifications } from './workflows/user-registration.ts';

export interface CommandServiceDeps {
  store: EventStore;
  ids: IdAllocator;
  clock?: () => Date;
  /** How many aggregate states this process keeps (default: 250,000 streams, 2,000,000 events folded into them). */
  cacheLimits?: Partial<AggregateCacheLimits>;
  /** Who applies bulk jobs' chunks: the processes serving them on the bus (busChunkWorkers); by default, this one. */
  chunkWorkers?: ChunkWorkers;
  /** Where accepted imports' cases wait for their jobs (the BlobStore); without it, imports are not taken. */
  importStaging?: ImportStaging;
}

/** Every command the write side accepts, by name: `(input, meta) => Promise<{position, ...}>`. */
export function createCommandService(deps: CommandServiceDeps) {
  const roles = new RoleDirectory(deps.store);
  const kernel: KernelDeps = {
    store: deps.store,
    ids: deps.ids,
    clock: deps.clock ?? (() => new Date()),
    permissionsOf: roles.permissionsOf,
    roles,
    streams: new KeyedQueue(),
    aggregates: new AggregateCache(deps.store, deps.cacheLimits),
    projectAccess: (projectId, actor) => loadProjectAccess(kernel, projectId, actor),
  };
  const statusIds = (projectId: number) => usableStatusIds(kernel, projectId);
  const projects = projectHandlers(kernel, statusIds);
  const sessionFlows = sessionWorkflows(kernel);
  const attachmentsOf = (projectId: number, attachmentIds: readonly number[]) => unusableAttachment(kernel, projectId, attachmentIds);
  const suites = suiteCommands(kernel, {
    requiredAttributes: (projectId) => requiredAttributeNames(kernel, projectId, 'testsuite'),
    unusableAttachment: attachmentsOf,
  });
  const cases = caseCommands(kernel, {
    suiteLive: (projectId, suiteId) => isLiveSuite(kernel, projectId, suiteId),
    unusableAttachment: attachmentsOf,
  });
  const plans = planCommands(kernel, {
    requiredAttributes: (projectId) => requiredAttributeNames(kernel, projectId, 'testplan'),
    unusableAttachment: attachmentsOf,
    parameters: (projectId) => liveParameters(kernel, projectId),
  });
  const tests = testCommands(kernel, {
    usableStatusIds: statusIds,
    unusableAttachment: attachmentsOf,
    requiredResultAttributes: (projectId, statusId, suiteId) => requiredResultAttributeNames(kernel, projectId, statusId, suiteId),
    planLive: async (projectId, planId) => (await plans.planOf(projectId, planId)) !== undefined,
    currentCase: (caseId) => currentCaseVersion(kernel, caseId),
    preloadCases: (caseIds) => cases.preload(caseIds),
    editSettings: (projectId) => resultEditSettings(kernel, projectId),
  });
  const casesWithTests = caseTests(cases, tests);
  return namespaced({
    users: [
      userHandlers(kernel),
      {
        register: registerWithDefaultNotifications(kernel),
        changePassword: sessionFlows.changePassword,
        resetPassword: sessionFlows.resetPassword,
      },
    ],
    sessions: [sessionHandlers(kernel), { logIn: sessionFlows.logIn }],
    projects: [projects, { assignRoles: assignRolesAnsweringRequest(kernel, projects.setMemberRoles) }],
    statuses: [statusHandlers(kernel), { delete: deleteStatusClearingDefault(kernel) }],
    labels: [labelHandlers(kernel)],
    parameters: [parameterHandlers(kernel)],
    'custom-attributes': [customAttributeHandlers(kernel, statusIds)],
    integrations: [integrationHandlers(kernel)],
    cases: [caseHandlers(cases), caseWritesWithLabels(kernel, cases), casesWithTests],
    comments: [commentHandlers(kernel, attachmentsOf)],
    suites: [suiteHandlers(suites), suiteCascade(suites, casesWithTests)],
    plans: [planTests(kernel, plans, tests, (projectId, caseIds) => caseStandings(kernel, projectId, caseIds))],
    tests: [testHandlers(tests), resultBatch(kernel, tests)],
    'bulk-jobs': [
      bulkJobWorkflow(
        kernel,
        bulkJobCommands(kernel),
        {
          tests,
          cases,
          labelIds: caseLabelIds(kernel),
          imports: caseImport(kernel, suites, cases, caseLabelIds(kernel), labelCatalogue(kernel), deps.importStaging),
        },
        (projectId, statusId, suiteId) => requiredResultAttributeNames(kernel, projectId, statusId, suiteId),
        deps.chunkWorkers,
      ),
    ],
    roles: [roleHandlers(kernel)],
    groups: [groupHandlers(kernel)],
    'access-requests': [accessRequestHandlers(kernel)],
    notifications: [notificationHandlers(kernel)],
    'system-messages': [systemMessageHandlers(kernel)],
    attachments: [attachmentHandlers(kernel)],
  });
}

type Merged<T extends readonly object[]> = T extends readonly [infer First, ...infer Rest extends readonly object[]]
  ? First & Merged<Rest>
  : unknown;
type Groups = Record<string, readonly object[]>;
/** `{statuses: [{create}]}` → `{'statuses.create': …}`. */
type Namespaced<G extends Groups> = {
  [K in { [R in keyof G & string]: `${R}.${keyof Merged<G[R]> & string}` }[keyof G & string]]: K extends `${infer R}.${infer C}`
    ? C extends keyof Merged<G[R]>
      ? Merged<G[R]>[C]
      : never
    : never;
};

/**
 * Every command is named `<resource>.<verb>`, the resource being the folder
 * its aggregate lives in (and its routes, read model and screen). A resource's
 * handlers may come from its aggregate and from workflows (the workflow's
 * version of `statuses.delete`); a verb defined twice would silently replace
 * the other, so it fails at start instead.
 */
export function namespaced<const G extends Groups>(groups: G): Namespaced<G> {
  const service: Record<string, unknown> = Object.create(null);
  for (const [resource, parts] of Object.entries(groups)) {
    for (const part of parts) {
      for (const [verb, handler] of Object.entries(part)) {
        const name = `${resource}.${verb}`;
        if (name in service) throw new Error(`two command handlers are named ${name}`);
        service[name] = handler;
      }
    }
  }
  return service as Namespaced<G>;
}

export type CommandService = ReturnType<typeof createCommandService>;
export type CommandName = keyof CommandService;
export type CommandInput<N extends CommandName> = Parameters<CommandService[N]>[0];
export type CommandResult<N extends CommandName> = Awaited<ReturnType<CommandService[N]>>;

/** The same calls as CommandService, wherever the command side runs. */
export type CommandDispatcher = <N extends CommandName>(name: N, input: CommandInput<N>, meta: CommandMeta) => Promise<CommandResult<N>>;

export function inProcessDispatcher(service: CommandService): CommandDispatcher {
  return (name, input, meta) => (service[name] as (i: unknown, m: CommandMeta) => Promise<never>)(input, meta);
}
