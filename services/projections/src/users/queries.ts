import type { ReadStore } from '@testament/infra';
import { USERS, type UserDocument } from './user-document.ts';

export function findUser(readStore: ReadStore, userId: number): Promise<UserDocument | null> {
  return readStore.collection<UserDocument>(USERS).findOne({ _id: userId });
}

export function findUserByUsername(readStore: ReadStore, username: string): Promise<UserDocument | null> {
  return readStore.collection<UserDocument>(USERS).findOne({ usernameKey: username.trim().toLowerCase() });
}

export function countUsers(readStore: ReadStore): Promise<number> {
  return readStore.collection<UserDocument>(USERS).count({});
}
