import { SEEDED_ROLES, permissionCodenames } from '@testament/contracts';

/**
 * Permission codenames per role, for authorising writes. Holds the seeded roles;
 * roles defined later are added as their events are seen.
 */
export class RoleDirectory {
  private readonly codenames = new Map<number, ReadonlySet<string>>();

  constructor() {
    for (const role of SEEDED_ROLES) this.define(role.id, role.permissions);
  }

  define(roleId: number, permissionIds: readonly number[]): void {
    this.codenames.set(roleId, new Set(permissionCodenames(permissionIds)));
  }

  permissionsOf = (roleIds: readonly number[]): ReadonlySet<string> => {
    const granted = new Set<string>();
    for (const roleId of roleIds) for (const codename of this.codenames.get(roleId) ?? []) granted.add(codename);
    return granted;
  };
}
