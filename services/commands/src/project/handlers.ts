import { DEFAULT_PROJECT_SETTINGS, type ProjectSettings } from '@testament/contracts';
import { handleCommand, idForNewAggregate, type KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { projectDecider, projectStream, type ProjectChanges } from './decide.ts';

export interface CreateProjectInput {
  name: string;
  description: string;
  isPrivate: boolean;
  isArchive: boolean;
  settings?: Partial<ProjectSettings>;
  icon: string | null;
}

export function projectHandlers(deps: KernelDeps) {
  const run = async (projectId: number, command: Parameters<typeof projectDecider.decide>[0], meta: CommandMeta) => {
    const { position } = await handleCommand(deps, projectDecider, projectStream(projectId), command, meta);
    return { position, projectId };
  };
  return {
    async createProject(input: CreateProjectInput, meta: CommandMeta) {
      const projectId = await idForNewAggregate(deps, 'project', projectStream, meta);
      const settings = { ...DEFAULT_PROJECT_SETTINGS, ...input.settings };
      return run(projectId, { type: 'CreateProject', projectId, ...input, settings }, meta);
    },
    updateProject: (input: { projectId: number } & ProjectChanges, meta: CommandMeta) => {
      const { projectId, ...changes } = input;
      return run(projectId, { type: 'UpdateProject', ...changes }, meta);
    },
    archiveProject: (input: { projectId: number }, meta: CommandMeta) => run(input.projectId, { type: 'ArchiveProject' }, meta),
    restoreProject: (input: { projectId: number }, meta: CommandMeta) => run(input.projectId, { type: 'RestoreProject' }, meta),
    deleteProject: (input: { projectId: number }, meta: CommandMeta) => run(input.projectId, { type: 'DeleteProject' }, meta),
    setMemberRoles: (input: { projectId: number; userId: number; roleIds: number[] }, meta: CommandMeta) =>
      run(input.projectId, { type: 'SetMemberRoles', userId: input.userId, roleIds: input.roleIds }, meta),
  };
}
