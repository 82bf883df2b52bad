import { SEEDED_ROLES } from '@testament/contracts';
import { appendOnce, type KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { roleDecider, roleStream } from './decide.ts';

export function roleHandlers(deps: KernelDeps) {
  return {
    /** Idempotent: each seeded role is written once, whoever starts first. */
    async seedRoles(_input: Record<string, never>, meta: CommandMeta) {
      let position = 0;
      for (const role of SEEDED_ROLES) {
        const events = roleDecider.decide(
          { type: 'DefineRole', roleId: role.id, name: role.name, roleType: role.type, permissions: role.permissions },
          roleDecider.initialState,
          { actor: meta.actor, now: deps.clock().toISOString(), permissionsOf: deps.permissionsOf },
        );
        const result = await appendOnce(deps, roleStream(role.id), events, meta);
        position = Math.max(position, result.position);
      }
      return { position };
    },
  };
}
