import {
  LIMITS,
  NotFoundError,
  ValidationError,
  importMessages,
  stagedImportSchema,
  streams,
  type BulkOperation,
} from '@testament/contracts';
import { createHash } from 'node:crypto';
import type { caseCommands } from '../cases/handlers.ts';
import type { KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { requireProjectWrite } from '../kernel/project-access.ts';
import type { labelCatalogue } from '../labels/handlers.ts';
import type { suiteCommands } from '../suites/handlers.ts';
import { suiteTreeDecider, type SuiteFields } from '../suites/decide.ts';
import type { SuiteTreeState } from '../suites/evolve.ts';
import type { caseLabelIds } from './case-labels.ts';
import { commandUnit, type UnitOf } from '../kernel/command-units.ts';

export type ImportOperation = Extract<BulkOperation, { kind: 'import' }>;

/**
 * Where an accepted import's cases wait while its job creates them (the gateway
 * writes them to the BlobStore before asking for the job): read by every chunk,
 * wherever it runs, and dropped when the job ends.
 */
export interface ImportStaging {
  read(key: string): Promise<unknown>;
  discard(key: string): Promise<void>;
}

/**
 * An import as it is asked for: the staged file, its folder paths and label names (for the suites and labels it needs), and the suite it
 * goes under.
 */
export interface ImportRequest {
  source: 'zephyr';
  stagedKey: string;
  suiteId: number | null;
  folders: readonly (readonly string[])[];
  labels: readonly string[];
}

const pathKey = (path: readonly string[]) => JSON.stringify(path);
/** A command id made from the request's, so a retried request finds the suite or label it made the first time. */
export const derivedMeta = (meta: CommandMeta, part: string): CommandMeta => ({
  ...meta,
  causationId: meta.commandId,
  commandId: createHash('sha256').update(`${meta.commandId}:${part}`).digest('hex').slice(0, 32),
});

function depthOf(tree: SuiteTreeState, suiteId: number | null): number {
  let depth = 0;
  for (let id = suiteId; id !== null; id = tree.suites.get(id)?.parentId ?? null) depth++;
  return depth;
}

/**
 * The suites an import's folder paths go to under `suiteId` (or the root): a live suite of the same name under the same parent
 * is reused, the others are made by `make`. Refused (nothing written) for an unknown target suite, a tree too deep or, when a
 * suite is missing, without the permission to add one.
 */
export async function folderSuites(
  deps: Pick<KernelDeps, 'projectAccess' | 'aggregates'>,
  suites: ReturnType<typeof suiteCommands>,
  request: { projectId: number; suiteId: number | null; folders: readonly (readonly string[])[] },
  meta: CommandMeta,
): Promise<{ make(): Promise<Array<{ path: string[]; suiteId: number }>> }> {
  const { projectId } = request;
  const access = await deps.projectAccess(projectId, meta.actor);
  const tree = (await deps.aggregates.load(streams.suites.of(projectId), suiteTreeDecider)).state;
  const target = request.suiteId === null ? null : tree.suites.get(request.suiteId);
  if (request.suiteId !== null && (!target || target.deletedWith !== null))
    throw ValidationError.of('suite', importMessages.suiteUnknown(request.suiteId));
  const base = depthOf(tree, request.suiteId);
  const deepest = Math.max(0, ...request.folders.map((path) => path.length));
  if (base + deepest > LIMITS.treeDepth) throw ValidationError.of('file', importMessages.folderTooDeep(LIMITS.treeDepth));

  // Each folder's path, parents first, matched to a live suite of that name under its parent where there is one.
  const paths = new Map<string, readonly string[]>([[pathKey([]), []]]);
  for (const folder of request.folders)
    for (let length = 1; length <= folder.length; length++) paths.set(pathKey(folder.slice(0, length)), folder.slice(0, length));
  const ordered = [...paths.values()].sort((a, b) => a.length - b.length);
  const live = [...tree.suites.values()].filter((suite) => suite.deletedWith === null);
  const suiteIds = new Map<string, number | null>([[pathKey([]), request.suiteId]]);
  const missing: Array<readonly string[]> = [];
  for (const path of ordered.slice(1)) {
    const parentId = suiteIds.get(pathKey(path.slice(0, -1)));
    const found = parentId === undefined ? undefined : live.find((suite) => suite.parentId === parentId && suite.name === path.at(-1));
    if (found) suiteIds.set(pathKey(path), found.id);
    else missing.push(path);
  }
  if (missing.length > 0) requireProjectWrite(access, meta.actor, 'add_testsuite');
  return {
    async make() {
      const made: Array<{ id: number } & SuiteFields> = [];
      for (const path of missing) {
        const id = await suites.newId(projectId, derivedMeta(meta, `suite:${pathKey(path)}`));
        const parentId = suiteIds.get(pathKey(path.slice(0, -1))) ?? null;
        made.push({ id, parentId, name: path.at(-1)!, description: '', attributes: {}, attachmentIds: [] });
        suiteIds.set(pathKey(path), id);
      }
      if (made.length > 0) await suites.createMany(projectId, made, derivedMeta(meta, 'suites'));
      return [...paths.entries()].flatMap(([key, path]) => {
        const suiteId = suiteIds.get(key);
        return suiteId === null || suiteId === undefined ? [] : [{ path: [...path], suiteId }];
      });
    },
  };
}

/** Staged files read by the chunks of running jobs: a job of many chunks parses its file once. */
const STAGED_KEPT = 4;

/** Reads staged files by key through `parse`, keeping the last few read: the chunks of a job read the same ones. */
export function stagedReader<T>(staging: ImportStaging | undefined, parse: (value: unknown) => T): (key: string) => Promise<T> {
  const staged = new Map<string, Promise<T>>();
  return (key) => {
    let reading = staged.get(key);
    if (!reading) {
      if (!staging) throw new Error('imports need a staging store');
      reading = staging.read(key).then((value) => {
        // A file gone (dropped after its job ended) refuses its items rather than failing the server.
        if (value === null || value === undefined) throw new NotFoundError();
        return parse(value);
      });
      reading.catch(() => staged.delete(key));
      staged.set(key, reading);
      if (staged.size > STAGED_KEPT) staged.delete(staged.keys().next().value!);
    }
    return reading;
  };
}

/**
 * Imports (`import/zephyr/`): accepting one turns the file's folders into suites
 * (a live suite of the same name under the same parent is reused) and its label
 * names into labels, after checking everything they need first (the permissions,
 * the target suite, the tree's depth), so a refusal writes nothing. The job then
 * creates each case by its own command, in chunks like any bulk job.
 */
export function caseImport(
  deps: Pick<KernelDeps, 'projectAccess' | 'aggregates'>,
  suites: ReturnType<typeof suiteCommands>,
  cases: ReturnType<typeof caseCommands>,
  labelIdsFor: ReturnType<typeof caseLabelIds>,
  labels: ReturnType<typeof labelCatalogue>,
  staging: ImportStaging | undefined,
) {
  const stagedCases = stagedReader(staging, (value) => stagedImportSchema.parse(value).cases);

  return {
    /**
     * The operation with its folders as suite ids and its labels as ids, made where missing; refused (nothing written) without a permission
     * it needs, an unknown target suite or a tree too deep.
     */
    async resolve(projectId: number, request: ImportRequest, meta: CommandMeta): Promise<ImportOperation> {
      const access = await deps.projectAccess(projectId, meta.actor);
      requireProjectWrite(access, meta.actor, 'add_testcase');
      const folders = await folderSuites(deps, suites, { projectId, suiteId: request.suiteId, folders: request.folders }, meta);
      const catalogue = await labels.load(projectId);
      const known = new Set(
        [...catalogue.items.values()].filter((item) => !item.deleted).map((item) => item.fields.name.trim().toLowerCase()),
      );
      if (request.labels.some((name) => !known.has(name.trim().toLowerCase()))) requireProjectWrite(access, meta.actor, 'add_label');

      const labelIds = [];
      for (const name of request.labels) {
        const [labelId] = await labelIdsFor(projectId, [{ name }], derivedMeta(meta, `label:${name.toLowerCase()}`));
        labelIds.push({ name, labelId: labelId! });
      }
      return { kind: 'import', source: request.source, stagedKey: request.stagedKey, suites: await folders.make(), labels: labelIds };
    },

    /** Creates the case at `place` (1-based) of the job's file, in its folder's suite with its labels. */
    async create(projectId: number, operation: ImportOperation, place: number, meta: CommandMeta) {
      const item = (await stagedCases(operation.stagedKey))[place - 1];
      if (!item) throw new NotFoundError();
      const suiteId = operation.suites.find((suite) => pathKey(suite.path) === pathKey(item.folder))?.suiteId;
      // A case with no folder and no target suite was given a default folder by the gateway: a suite is always found.
      if (suiteId === undefined) throw new NotFoundError();
      const labelIds = item.labels.flatMap(
        (name) => operation.labels.find((label) => label.name.toLowerCase() === name.toLowerCase())?.labelId ?? [],
      );
      const content = {
        name: item.name,
        suiteId,
        description: item.description,
        setup: item.setup,
        scenario: item.scenario,
        expected: '',
        teardown: '',
        estimate: item.estimate,
        isSteps: item.isSteps,
        attributes: {},
        steps: item.steps.map((step, index) => ({ ...step, sortOrder: index + 1 })),
        labelIds: [...new Set(labelIds)],
        attachmentIds: [],
      };
      return cases.create({ projectId, content }, meta);
    },

    /** Drops a finished job's file: nothing reads it again. */
    async discard(operation: ImportOperation) {
      await staging?.discard(operation.stagedKey);
    },
  };
}

/** Importing cases (a bulk job): suites and labels by name, cases written in chunks. */
export const commands = commandUnit({
  resource: 'bulk-jobs',
  provides: {
    caseImport: ({ kernel, ports }) =>
      caseImport(kernel, ports.suites, ports.cases, ports.caseLabelIds, ports.labelCatalogue, ports.importStaging),
  },
});

declare module '../kernel/command-units.ts' {
  interface Ports {
    /** Where accepted imports' cases wait for their jobs; given by whoever runs the command service (none: imports are not taken). */
    importStaging: ImportStaging | undefined;
    /** Imports, as the bulk jobs apply them. */
    caseImport: ReturnType<typeof caseImport>;
  }
  interface CommandUnits {
    'workflows/case-import': UnitOf<typeof commands>;
  }
}
