import { topics, streams, deepMergeConfig, type ProjectEvent, type UserEvent } from '@testament/contracts';
import { projection, type EventOf } from '../runner/projection.ts';
import { withRoles } from '../roles/role-sets.ts';
import { USERS, type StoredUserDocument } from './user-document.ts';

const HANDLED = [
  'UserRegistered',
  'UserProfileChanged',
  'UserConfigChanged',
  'UserPasswordChanged',
  'UserPrivilegesChanged',
  'UserDeactivated',
  'UserActivated',
  'UserDeleted',
  'UserAvatarChanged',
  'UserAvatarRemoved',
  'ProjectMemberRolesSet',
] as const;

/** What the users read model folds: the users' own events, and memberships from the projects' streams. */
type UsersEvent = Extract<UserEvent | ProjectEvent, { type: (typeof HANDLED)[number] }>;

function userIdOf(event: EventOf<UsersEvent>): number {
  return event.type === 'ProjectMemberRolesSet' ? event.data.userId : streams.user.idOf(event.stream);
}

export const usersProjection = projection<UsersEvent>({
  name: 'users',
  source: import.meta.url,
  collections: {
    // Lists go in id order over the users not deleted.
    // Members of a project are found from the project's member list (queries.ts), not by indexing every user's memberships.
    [USERS]: { indexes: [{ keys: { usernameKey: 1 }, unique: true }, { keys: { isDeleted: 1, _id: 1 } }] },
  },
  handles: new Set(HANDLED),
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
});

/** The events that end the user's sessions say so by their position (`sessionsValidAfter`). */
function evolveUserDocument(user: StoredUserDocument | undefined, event: EventOf<UsersEvent>): StoredUserDocument | undefined {
  if (event.type === 'UserRegistered') {
    const { data } = event;
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
    case 'UserProfileChanged':
      return { ...user, ...event.data };
    case 'UserConfigChanged':
      return { ...user, config: deepMergeConfig(user.config, event.data.patch) };
    case 'UserPasswordChanged':
      return { ...user, sessionsValidAfter: event.position };
    case 'UserPrivilegesChanged':
      return { ...user, isSuperuser: event.data.isSuperuser, isStaff: event.data.isStaff };
    case 'UserDeactivated':
      return { ...user, isActive: false, sessionsValidAfter: event.position };
    case 'UserActivated':
      return { ...user, isActive: true };
    case 'UserDeleted':
      // The name is free to be claimed again, so it leaves the unique username index.
      return { ...user, isDeleted: true, isActive: false, usernameKey: `~deleted-${user._id}`, sessionsValidAfter: event.position };
    case 'UserAvatarChanged':
      return { ...user, avatar: event.data.avatar };
    case 'UserAvatarRemoved':
      return { ...user, avatar: null };
    case 'ProjectMemberRolesSet': {
      const memberships = withRoles(user.memberships, 'projectId', streams.project.idOf(event.stream), event.data.roleIds);
      // What the roles grant (external or not, visible projects) is worked out at read time: access.ts.
      return { ...user, memberships };
    }
  }
}
