import type { ReadStore } from '@testament/infra';
import { API_TOKENS, type ApiTokenDocument } from './api-tokens-projection.ts';

/** The unrevoked token with this key hash (expired ones included: the caller decides). */
export function findApiToken(readStore: ReadStore, tokenHash: string): Promise<ApiTokenDocument | null> {
  return readStore.collection<ApiTokenDocument>(API_TOKENS).findOne({ _id: tokenHash });
}

/** One of this user's tokens by its id; another user's token is not found. */
export function findOwnApiToken(readStore: ReadStore, userId: number, tokenId: string): Promise<ApiTokenDocument | null> {
  return readStore.collection<ApiTokenDocument>(API_TOKENS).findOne({ userId, tokenId });
}

/** The user's own tokens, newest first. */
export function listApiTokens(readStore: ReadStore, userId: number): Promise<ApiTokenDocument[]> {
  return readStore.collection<ApiTokenDocument>(API_TOKENS).find({ userId }, { sort: { createdAt: -1, _id: 1 } });
}
