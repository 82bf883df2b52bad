import { NotFoundError, PermissionDeniedError, ValidationError, accessMessages, type AccessRequestEvent } from '@testament/contracts';
import type { DecisionContext, Decider } from '../kernel/decider.ts';
import { evolveAccessRequest, initialAccessRequestState, type AccessRequestState } from './evolve.ts';

export type AccessRequestCommand =
  /** The caller asks for access; `context.project` is their access to the project. */
  | { type: 'RequestAccess'; projectId: number; userId: number; reason: string }
  /** Roles were just assigned to the user in the project (already authorised by that assignment). */
  | { type: 'ResolveAccessRequest'; projectId: number; userId: number };

function decideRequest(
  command: Extract<AccessRequestCommand, { type: 'RequestAccess' }>,
  state: AccessRequestState,
  context: DecisionContext,
) {
  const { project, actor } = context;
  if (!project?.exists) throw new NotFoundError();
  if (actor.userId !== command.userId) throw new PermissionDeniedError();
  if (project.canView) throw ValidationError.general(accessMessages.alreadyVisible);
  if (state.pending) throw ValidationError.general(accessMessages.requestPending);
  const { projectId, userId, reason } = command;
  return [{ type: 'AccessRequested', data: { projectId, userId, reason } }] satisfies AccessRequestEvent[];
}

export const accessRequestDecider: Decider<AccessRequestCommand, AccessRequestState, AccessRequestEvent> = {
  initialState: initialAccessRequestState,
  decide(command, state, context) {
    if (command.type === 'RequestAccess') return decideRequest(command, state, context);
    const { projectId, userId } = command;
    return state.pending ? [{ type: 'AccessRequestResolved', data: { projectId, userId } }] : [];
  },
  evolve: evolveAccessRequest,
};
