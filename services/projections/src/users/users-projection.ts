import { topics, streams, deepMergeConfig, type ProjectEvent, type UserEvent } from '@testament/contracts';
import type { ProjectedEvent, Projection } from '../runner/projection.ts';
import { withRoles } from '../roles/role-sets.ts';
import { USERS, type StoredUserDocument } from './user-document.ts';

type Data<T extends UserEvent['type']> = Extract<UserEvent, { type: T }>['data'];

/** What each administration event changes in the document; the ones that end the user's sessions say so by their position. */
const USER_ADMINISTRATION_CHANGES = {
  UserPasswordChanged: (_data: Data<'UserPasswordChanged'>, _user: StoredUserDocument, position: number) => ({ sessionsValidAfter: position }),
  UserPrivilegesChanged: (data: Data<'UserPrivilegesChanged'>) => ({ isSuperuser: data.isSuperuser, isStaff: data.isStaff }),
  UserDeactivated: (_data: Data<'UserDeactivated'>, _user: StoredUserDocument, position: number) => ({ isActive: false, sessionsValidAfter: position }),
  UserActivated: () => ({ isActive: true }),
  // The name is free to be claimed again, so it leaves the unique username index.
  UserDeleted: (_data: Data<'UserDeleted'>, user: StoredUserDocument, position: number) => ({
    isDeleted: true,
    isActive: false,
    usernameKey: `~deleted-${user._id}`,
    sessionsValidAfter: position,
  }),
  UserAvatarChanged: (data: Data<'UserAvatarChanged'>) => ({ avatar: data.avatar }),
  UserAvatarRemoved: () => ({ avatar: null }),
} satisfies Record<string, (data: never, user: StoredUserDocument, position: number) => Partial<StoredUserDocument>>;

function userIdOf(event: ProjectedEvent): number {
  if (event.type === 'ProjectMemberRolesSet') return (event.data as Extract<ProjectEvent, { type: 'ProjectMemberRolesSet' }>['data']).userId;
  return streams.user.idOf(event.stream);
}

export const usersProjection: Projection = {
  name: 'users',
  collections: {
    // Lists go in id order over the users not deleted.
    // Members of a project are found from the project's member list (queries.ts), not by indexing every user's memberships.
    [USERS]: { indexes: [{ keys: { usernameKey: 1 }, unique: true }, { keys: { isDeleted: 1, _id: 1 } }] },
  },
  handles: new Set([
    'UserRegistered',
    'UserProfileChanged',
    'UserConfigChanged',
    'ProjectMemberRolesSet',
    ...Object.keys(USER_ADMINISTRATION_CHANGES),
  ]),
  keys: (event) => [[USERS, userIdOf(event)]],
  apply(event, view) {
    const userId = userIdOf(event);
    const user = view.get<StoredUserDocument>(USERS, userId);
    const changed = evolveUserDocument(user, event);
    if (!changed) return;
    view.put(USERS, changed);
    view.notify(topics.user(userId));
    view.notify(topics.users);
  },
};

function evolveUserDocument(user: StoredUserDocument | undefined, event: ProjectedEvent): StoredUserDocument | undefined {
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
      isDeleted: false,
      avatar: null,
      memberships: [],
      sessionsValidAfter: 0,
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
    case 'UserPasswordChanged':
    case 'UserPrivilegesChanged':
    case 'UserDeactivated':
    case 'UserActivated':
    case 'UserDeleted':
    case 'UserAvatarChanged':
    case 'UserAvatarRemoved':
      return { ...user, ...USER_ADMINISTRATION_CHANGES[event.type](event.data as never, user, event.position) };
    case 'ProjectMemberRolesSet': {
      const { roleIds } = event.data as { roleIds: number[] };
      const memberships = withRoles(user.memberships, 'projectId', streams.project.idOf(event.stream), roleIds);
      // What the roles grant (external or not, visible projects) is worked out at read time: access.ts.
      return { ...user, memberships };
    }
    default:
      return undefined;
  }
}
