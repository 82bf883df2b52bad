import { topics } from '@testament/contracts';
import type { AccessRequestEvent } from '@testament/contracts';
import { projection } from '../runner/projection.ts';

export const ACCESS_REQUESTS = 'access_requests';

/** `access_requests` read model: the latest request of each user to each project. */
export interface AccessRequestDocument {
  [key: string]: unknown;
  _id: string;
  projectId: number;
  userId: number;
  reason: string;
  pending: boolean;
  requestedAt: string;
  resolvedAt: string | null;
}

export const accessRequestKey = (projectId: number, userId: number) => `${projectId}:${userId}`;

export const accessRequestsProjection = projection<AccessRequestEvent>({
  name: 'access-requests',
  source: import.meta.url,
  collections: { [ACCESS_REQUESTS]: { indexes: [{ keys: { projectId: 1, pending: 1 } }] } },
  handles: new Set(['AccessRequested', 'AccessRequestResolved']),
  keys(event) {
    const { projectId, userId } = event.data;
    return [[ACCESS_REQUESTS, accessRequestKey(projectId, userId)]];
  },
  apply(event, view) {
    const { projectId, userId } = event.data;
    const _id = accessRequestKey(projectId, userId);
    const time = event.metadata.time;
    if (event.type === 'AccessRequested') {
      const { reason } = event.data;
      view.put(ACCESS_REQUESTS, {
        _id,
        projectId,
        userId,
        reason,
        pending: true,
        requestedAt: time,
        resolvedAt: null,
      } satisfies AccessRequestDocument);
    } else {
      const current = view.get<AccessRequestDocument>(ACCESS_REQUESTS, _id);
      if (current) view.put(ACCESS_REQUESTS, { ...current, pending: false, resolvedAt: time });
    }
    view.notify(topics.project(projectId));
  },
});
