import { deepMergeConfig, type ProjectEvent, type UserEvent } from '@testament/contracts';
import type { ProjectedEvent, Projection } from '../runner/projection.ts';
import { ROLES, type RoleDocument } from '../roles/roles-projection.ts';
import { USERS, type UserDocument } from './user-document.ts';

const RESTRICTED = 'project_restricted';

function userIdOf(event: ProjectedEvent): number {
  if (event.type === 'ProjectMemberRolesSet') return (event.data as Extract<ProjectEvent, { type: 'ProjectMemberRolesSet' }>['data']).userId;
  return Number(event.stream.slice('user-'.length));
}

export const usersProjection: Projection = {
  name: 'users',
  collections: {
    [USERS]: [{ keys: { usernameKey: 1 }, unique: true }, { keys: { isActive: 1 } }],
  },
  handles: new Set(['UserRegistered', 'UserProfileChanged', 'UserConfigChanged', 'ProjectMemberRolesSet']),
  keys(event) {
    const keys: Array<readonly [string, number]> = [[USERS, userIdOf(event)]];
    if (event.type === 'ProjectMemberRolesSet') {
      for (const roleId of (event.data as { roleIds: number[] }).roleIds) keys.push([ROLES, roleId]);
    }
    return keys;
  },
  apply(event, view) {
    const userId = userIdOf(event);
    const user = view.get<UserDocument>(USERS, userId);
    const changed = evolveUserDocument(user, event, (roleId) => view.get<RoleDocument>(ROLES, roleId));
    if (!changed) return;
    view.put(USERS, changed);
    view.notify(`user:${userId}`);
    view.notify('users');
  },
};

function evolveUserDocument(
  user: UserDocument | undefined,
  event: ProjectedEvent,
  role: (roleId: number) => RoleDocument | undefined,
): UserDocument | undefined {
  if (event.type === 'UserRegistered') {
    const data = event.data as Extract<UserEvent, { type: 'UserRegistered' }>['data'];
    return {
      _id: data.userId,
      username: data.username,
      usernameKey: data.username.toLowerCase(),
      email: data.email,
      firstName: data.firstName,
      lastName: data.lastName,
      isActive: data.isActive,
      isSuperuser: data.isSuperuser,
      isStaff: data.isStaff,
      dateJoined: event.metadata.time,
      config: {},
      memberships: {},
      restrictedProjectIds: [],
      isExternal: false,
    };
  }
  if (!user) return undefined;
  switch (event.type) {
    case 'UserProfileChanged': {
      const data = event.data as Extract<UserEvent, { type: 'UserProfileChanged' }>['data'];
      return { ...user, ...data };
    }
    case 'UserConfigChanged':
      return { ...user, config: deepMergeConfig(user.config, (event.data as { patch: Record<string, unknown> }).patch) };
    case 'ProjectMemberRolesSet': {
      const { roleIds } = event.data as { roleIds: number[] };
      const projectId = event.stream.slice('project-'.length);
      const memberships = { ...user.memberships };
      if (roleIds.length === 0) delete memberships[projectId];
      else memberships[projectId] = roleIds;
      const restrictedHere = roleIds.some((roleId) => role(roleId)?.codenames.includes(RESTRICTED));
      const restricted = new Set(user.restrictedProjectIds);
      if (restrictedHere) restricted.add(projectId);
      else restricted.delete(projectId);
      return { ...user, memberships, restrictedProjectIds: [...restricted], isExternal: restricted.size > 0 };
    }
    default:
      return undefined;
  }
}
