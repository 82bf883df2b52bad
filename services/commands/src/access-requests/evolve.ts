import type { AccessRequestEvent } from '@testament/contracts';

/** One user's access requests to one project: at most one is pending. */
export interface AccessRequestState {
  pending: boolean;
  reason: string;
}

export const initialAccessRequestState: AccessRequestState = { pending: false, reason: '' };

export function evolveAccessRequest(state: AccessRequestState, event: AccessRequestEvent): AccessRequestState {
  switch (event.type) {
    case 'AccessRequested':
      return { pending: true, reason: event.data.reason };
    case 'AccessRequestResolved':
      return { ...state, pending: false };
  }
}
