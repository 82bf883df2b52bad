import type { Filter, ReadStore } from '@testament/infra';
import { restrictedRoleIds } from '../roles/role-catalog.ts';
import { loadRoleCatalog } from '../roles/queries.ts';
import { oneWithAccess, withGrants } from './access.ts';
import { PROJECTS, type ProjectDocument } from '../projects/project-document.ts';
import { USERS, type StoredUserDocument, type UserDocument } from './user-document.ts';
import { escapeRegex } from '../escape-regex.ts';

export async function findUser(readStore: ReadStore, userId: number): Promise<UserDocument | null> {
  return oneWithAccess(readStore, await readStore.collection<StoredUserDocument>(USERS).findOne({ _id: userId }));
}

export async function findUserByUsername(readStore: ReadStore, username: string): Promise<UserDocument | null> {
  return oneWithAccess(
    readStore,
    await readStore.collection<StoredUserDocument>(USERS).findOne({ usernameKey: username.trim().toLowerCase() }),
  );
}

export function countUsers(readStore: ReadStore): Promise<number> {
  return readStore.collection<UserDocument>(USERS).count({});
}

/** `GET users/` filters (§3.14), already checked by the gateway. */
export interface UserListFilter {
  username?: string | undefined;
  email?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  /** Members of any of these projects. */
  projectIds?: number[] | undefined;
  /** Hides the external users who are not members of this project. */
  excludeExternalFrom?: number | undefined;
  isActive?: boolean | undefined;
  isSuperuser?: boolean | undefined;
}

/** The members of some projects, from the projects' own member lists (a user's memberships are not indexed). */
async function membersOf(readStore: ReadStore, projectIds: readonly number[]): Promise<number[]> {
  if (projectIds.length === 0) return [];
  const projects = await readStore
    .collection<ProjectDocument>(PROJECTS)
    .find({ _id: { $in: [...projectIds] } }, { projection: { members: 1 } });
  return [...new Set(projects.flatMap((project) => project.members.map((member) => member.userId)))];
}

/** Everyone but deleted users; an external user sees only themselves and their co-members (§4.14). */
async function visibleUsersFilter(readStore: ReadStore, viewer: UserDocument): Promise<Filter> {
  if (!viewer.isExternal || viewer.isSuperuser) return { isDeleted: false };
  const coMembers = await membersOf(
    readStore,
    viewer.memberships.map((membership) => membership.projectId),
  );
  return { isDeleted: false, _id: { $in: [viewer._id, ...coMembers] } };
}

async function listFilter(readStore: ReadStore, viewer: UserDocument, query: UserListFilter, restricted: number[]): Promise<Filter> {
  const and: Filter[] = [await visibleUsersFilter(readStore, viewer)];
  const contains: Array<[keyof UserListFilter, string]> = [
    ['username', 'username'],
    ['email', 'email'],
    ['firstName', 'firstName'],
    ['lastName', 'lastName'],
  ];
  for (const [key, field] of contains) {
    const text = query[key];
    if (typeof text === 'string' && text !== '') and.push({ [field]: { $regex: escapeRegex(text), $options: 'i' } });
  }
  if (query.projectIds) and.push({ _id: { $in: await membersOf(readStore, query.projectIds) } });
  if (query.excludeExternalFrom !== undefined) {
    const members = await membersOf(readStore, [query.excludeExternalFrom]);
    and.push({ $or: [{ 'memberships.roleIds': { $nin: restricted } }, { _id: { $in: members } }] });
  }
  if (query.isActive !== undefined) and.push({ isActive: query.isActive });
  if (query.isSuperuser !== undefined) and.push({ isSuperuser: query.isSuperuser });
  return { $and: and };
}

/** One page of users in id order. */
export async function listUsers(
  readStore: ReadStore,
  viewer: UserDocument,
  query: UserListFilter,
  page: { skip: number; limit: number },
): Promise<{ items: UserDocument[]; count: number }> {
  const users = readStore.collection<StoredUserDocument>(USERS);
  const catalog = await loadRoleCatalog(readStore);
  const filter = await listFilter(readStore, viewer, query, restrictedRoleIds(catalog));
  const [count, items] = await Promise.all([
    users.count(filter),
    users.find(filter, { sort: { _id: 1 }, skip: page.skip, limit: page.limit }),
  ]);
  return { items: items.map((user) => withGrants(user, catalog)), count };
}

/** A user the viewer may see, or null (deleted, unknown, or not a co-member of an external viewer). */
export async function findVisibleUser(readStore: ReadStore, viewer: UserDocument, userId: number): Promise<UserDocument | null> {
  const visible = await visibleUsersFilter(readStore, viewer);
  return oneWithAccess(readStore, await readStore.collection<StoredUserDocument>(USERS).findOne({ $and: [{ _id: userId }, visible] }));
}

/** Users by id as stored (names and avatars for lists that show who did something); deleted ones included. */
export async function storedUsersByIds(readStore: ReadStore, userIds: Iterable<number>): Promise<Map<number, StoredUserDocument>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  return new Map((await readStore.collection<StoredUserDocument>(USERS).find({ _id: { $in: ids } })).map((user) => [user._id, user]));
}

/** The ids of users (not deleted) whose username contains the text, case-insensitively (a search by who did something). */
export async function userIdsWithUsernameContaining(readStore: ReadStore, text: string): Promise<number[]> {
  const found = await readStore
    .collection<StoredUserDocument>(USERS)
    .find({ isDeleted: false, usernameKey: { $regex: escapeRegex(text.toLowerCase()) } }, { projection: { _id: 1 } });
  return found.map((user) => user._id);
}
