import { streams } from '@testament/contracts';
import { handleCommand, type KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { groupDecider, type GroupCommand, type GroupFields } from './decide.ts';

export function groupHandlers(deps: KernelDeps) {
  const run = (command: GroupCommand, meta: CommandMeta) => handleCommand(deps, groupDecider, streams.groups, command, meta);
  return {
    /** The new group's id is the next one; a retry under the same idempotency key finds it by its name. */
    async create(input: GroupFields, meta: CommandMeta) {
      const { position, state } = await run({ type: 'CreateGroup', ...input }, meta);
      const created = [...state.groups.values()].find((group) => group.name === input.name.trim());
      return { position, groupId: created?.id ?? state.lastId };
    },
    async change(input: { groupId: number } & Partial<GroupFields>, meta: CommandMeta) {
      const { position } = await run({ type: 'ChangeGroup', ...input }, meta);
      return { position };
    },
    async delete(input: { groupId: number }, meta: CommandMeta) {
      const { position } = await run({ type: 'DeleteGroup', groupId: input.groupId }, meta);
      return { position };
    },
  };
}
