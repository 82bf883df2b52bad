import { streams, DEFAULT_PROJECT_SETTINGS, ValidationError, messages, type ProjectSettings } from '@testament/contracts';
import { handleCommand, idForNewStream, type KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { projectDecider, type ProjectChanges } from './decide.ts';
import { membershipHandlers } from './membership.ts';

export interface CreateProjectInput {
  name: string;
  description: string;
  isPrivate: boolean;
  isArchive: boolean;
  settings?: Partial<ProjectSettings>;
  icon: string | null;
}

/** The ids of the statuses a project may use (the status catalogue's, wired in by the command service). */
export type UsableStatusIds = (projectId: number) => Promise<number[]>;

export function projectHandlers(deps: KernelDeps, usableStatusIds: UsableStatusIds) {
  /** §3.1: the default status, and the import statuses, must be system statuses or statuses of this project. */
  async function requireUsableDefaultStatus(projectId: number, settings: Partial<ProjectSettings> | undefined) {
    const defaultStatus = settings?.defaultStatus;
    const importStatuses = Object.values(settings?.importStatuses ?? {});
    if (typeof defaultStatus !== 'number' && importStatuses.length === 0) return;
    const usable = await usableStatusIds(projectId);
    if (typeof defaultStatus === 'number' && !usable.includes(defaultStatus))
      throw ValidationError.of('settings', messages.defaultStatusUnknown);
    if (importStatuses.some((statusId) => !usable.includes(statusId))) throw ValidationError.of('settings', messages.importStatusUnknown);
  }

  const run = async (projectId: number, command: Parameters<typeof projectDecider.decide>[0], meta: CommandMeta) => {
    await deps.roles.refresh();
    const { position } = await handleCommand(deps, projectDecider, streams.project.of(projectId), command, meta);
    return { position, projectId };
  };
  return {
    async create(input: CreateProjectInput, meta: CommandMeta) {
      const projectId = await idForNewStream(deps, 'project', streams.project.of, meta);
      const settings = { ...DEFAULT_PROJECT_SETTINGS, ...input.settings };
      // Only what was given is checked: the defaults name system statuses.
      await requireUsableDefaultStatus(projectId, input.settings);
      return run(projectId, { type: 'CreateProject', projectId, ...input, settings }, meta);
    },
    async update(input: { projectId: number } & ProjectChanges, meta: CommandMeta) {
      const { projectId, ...changes } = input;
      await requireUsableDefaultStatus(projectId, changes.settings);
      return run(projectId, { type: 'UpdateProject', ...changes }, meta);
    },
    archive: (input: { projectId: number }, meta: CommandMeta) => run(input.projectId, { type: 'ArchiveProject' }, meta),
    restore: (input: { projectId: number }, meta: CommandMeta) => run(input.projectId, { type: 'RestoreProject' }, meta),
    delete: (input: { projectId: number }, meta: CommandMeta) => run(input.projectId, { type: 'DeleteProject' }, meta),
    recover: (input: { projectId: number }, meta: CommandMeta) => run(input.projectId, { type: 'RecoverProject' }, meta),
    remove: (input: { projectId: number }, meta: CommandMeta) => run(input.projectId, { type: 'RemoveProject' }, meta),
    setMemberRoles: (input: { projectId: number; userId: number; roleIds: number[] }, meta: CommandMeta) =>
      run(input.projectId, { type: 'SetMemberRoles', userId: input.userId, roleIds: input.roleIds }, meta),
    ...membershipHandlers(run),
  };
}

/** The project's result-edit settings (§4.10), for the tests' rules (the command service hands them over). */
export async function resultEditSettings(deps: KernelDeps, projectId: number) {
  const { settings } = (await deps.aggregates.load(streams.project.of(projectId), projectDecider)).state;
  return { isResultEditable: settings.isResultEditable, resultEditLimit: settings.resultEditLimit };
}
