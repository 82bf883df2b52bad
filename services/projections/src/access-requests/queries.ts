import type { ReadStore } from '@testament/infra';
import { ACCESS_REQUESTS, accessRequestKey, type AccessRequestDocument } from './access-requests-projection.ts';

/** The user's latest access request to the project, pending or answered. */
export function findAccessRequest(readStore: ReadStore, projectId: number, userId: number): Promise<AccessRequestDocument | null> {
  return readStore.collection<AccessRequestDocument>(ACCESS_REQUESTS).findOne({ _id: accessRequestKey(projectId, userId) });
}
