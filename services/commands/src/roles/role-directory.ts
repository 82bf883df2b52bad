import { streams } from '@testament/contracts';
import type { RoleEvent } from '@testament/contracts';
import type { EventStore } from '@testament/infra';
import { toDomainEvents } from '../kernel/aggregate-cache.ts';
import type { RoleLookup } from '../kernel/command-handler.ts';
import { roleDecider } from './decide.ts';
import type { RoleCatalogueState } from './evolve.ts';

/**
 * Permission codenames per role, for authorising writes. Starts with the seeded
 * roles; `refresh()` reads the role catalogue's new events since the last call
 * (usually none: one short read), so a decision sees every role change
 * committed before it, whichever process made it.
 */
export class RoleDirectory implements RoleLookup {
  private state: RoleCatalogueState = roleDecider.initialState;
  private revision = -1;
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly store: Pick<EventStore, 'readStream'>) {}

  /** Reads run one after another, each starting after it was asked for. */
  refresh(): Promise<void> {
    const run = this.tail.then(() => this.catchUp());
    this.tail = run.catch(() => undefined);
    return run;
  }

  exists = (roleId: number): boolean => this.state.roles.has(roleId);

  permissionsOf = (roleIds: readonly number[]): ReadonlySet<string> => {
    const granted = new Set<string>();
    for (const roleId of roleIds) for (const codename of this.state.roles.get(roleId)?.codenames ?? []) granted.add(codename);
    return granted;
  };

  private async catchUp(): Promise<void> {
    const recorded = await this.store.readStream(streams.roles, this.revision + 1);
    if (recorded.length === 0) return;
    this.state = (toDomainEvents(recorded) as RoleEvent[]).reduce(roleDecider.evolve, this.state);
    this.revision = recorded.at(-1)!.revision;
  }
}
