import { streams } from '@testament/contracts';
import { handleCommand, type KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { roleDecider, roleNameKey, type RoleCommand, type RoleFields } from './decide.ts';

export function roleHandlers(deps: KernelDeps) {
  const run = (command: RoleCommand, meta: CommandMeta) => handleCommand(deps, roleDecider, streams.roles, command, meta);
  return {
    /** Idempotent: the seeded roles are written once, whoever starts first. */
    async seed(_input: Record<string, never>, meta: CommandMeta) {
      const { position } = await run({ type: 'SeedRoles' }, meta);
      return { position };
    },

    /** The new role's id is the catalogue's next one; a retry under the same idempotency key finds it by name. */
    async create(input: RoleFields, meta: CommandMeta) {
      const { position, state } = await run({ type: 'CreateRole', ...input }, meta);
      const created = [...state.roles.values()].find((role) => roleNameKey(role.name) === roleNameKey(input.name));
      return { position, roleId: created?.id ?? state.lastId };
    },

    async change(input: { roleId: number } & Partial<RoleFields>, meta: CommandMeta) {
      const { position } = await run({ type: 'ChangeRole', ...input }, meta);
      return { position };
    },

    async delete(input: { roleId: number }, meta: CommandMeta) {
      const { position } = await run({ type: 'DeleteRole', roleId: input.roleId }, meta);
      return { position };
    },
  };
}
