import { SEEDED_ROLES, permissionCodenames } from '@testament/contracts';
import type { Actor, DecisionContext, Decider, DomainEvent } from './decider.ts';

export const NOW = '2026-01-02T03:04:05.000Z';

export function testContext(actor: Actor): DecisionContext {
  const byId = new Map(SEEDED_ROLES.map((role) => [role.id, permissionCodenames(role.permissions)]));
  return { actor, now: NOW, permissionsOf: (roleIds) => new Set(roleIds.flatMap((id) => byId.get(id) ?? [])) };
}

/** given(past events) → when(command, actor) → the decided events, or the thrown error. */
export function given<C, S, E extends DomainEvent>(decider: Decider<C, S, E>, history: E[]) {
  const state = history.reduce(decider.evolve, decider.initialState);
  return {
    state,
    /** `extra.project`: the caller's access to the project the object lives in (see project-access.ts). */
    when(command: C, actor: Actor, extra: Pick<DecisionContext, 'project'> = {}): E[] {
      return decider.decide(command, state, { ...testContext(actor), ...extra });
    },
  };
}
