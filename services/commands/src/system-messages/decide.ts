import {
  NotFoundError,
  PermissionDeniedError,
  systemMessages,
  type SystemMessageEvent,
  type SystemMessageLevel,
} from '@testament/contracts';
import type { DecisionContext, Decider } from '../kernel/decider.ts';

export interface SystemMessageFields {
  content: string;
  level: SystemMessageLevel;
  isClosing: boolean;
  isActive: boolean;
}

export interface SystemMessageState extends SystemMessageFields {
  exists: boolean;
  deleted: boolean;
}

export type SystemMessageCommand =
  | ({ type: 'CreateSystemMessage'; messageId: number } & SystemMessageFields)
  | ({ type: 'ChangeSystemMessage' } & Partial<SystemMessageFields>)
  | { type: 'DeleteSystemMessage' };

export const initialSystemMessageState: SystemMessageState = {
  exists: false,
  deleted: false,
  content: '',
  level: 0,
  isClosing: false,
  isActive: false,
};

/** TestY manages banners in its admin site; here superusers manage them through the API. */
function requireSuperuser(context: DecisionContext): void {
  if (!context.actor.isSuperuser) throw new PermissionDeniedError(systemMessages.onlySuperuser);
}

function requireMessage(state: SystemMessageState): void {
  if (!state.exists || state.deleted) throw new NotFoundError();
}

function changedFields(command: Partial<SystemMessageFields>, state: SystemMessageState): Partial<SystemMessageFields> {
  const changed: Partial<SystemMessageFields> = {};
  for (const key of ['content', 'level', 'isClosing', 'isActive'] as const) {
    if (command[key] !== undefined && command[key] !== state[key]) Object.assign(changed, { [key]: command[key] });
  }
  return changed;
}

export function decideSystemMessage(
  command: SystemMessageCommand,
  state: SystemMessageState,
  context: DecisionContext,
): SystemMessageEvent[] {
  requireSuperuser(context);
  switch (command.type) {
    case 'CreateSystemMessage': {
      if (state.exists) throw new Error(`system message ${command.messageId} already exists`);
      const { type: _type, ...data } = command;
      return [{ type: 'SystemMessageCreated', data }];
    }
    case 'ChangeSystemMessage': {
      requireMessage(state);
      const { type: _type, ...fields } = command;
      const changed = changedFields(fields, state);
      return Object.keys(changed).length > 0 ? [{ type: 'SystemMessageChanged', data: changed }] : [];
    }
    case 'DeleteSystemMessage':
      requireMessage(state);
      return [{ type: 'SystemMessageDeleted', data: {} }];
  }
}

export function evolveSystemMessage(state: SystemMessageState, event: SystemMessageEvent): SystemMessageState {
  switch (event.type) {
    case 'SystemMessageCreated': {
      const { content, level, isClosing, isActive } = event.data;
      return { ...state, exists: true, content, level, isClosing, isActive };
    }
    case 'SystemMessageChanged':
      return { ...state, ...event.data };
    case 'SystemMessageDeleted':
      return { ...state, deleted: true };
  }
}

export const systemMessageDecider: Decider<SystemMessageCommand, SystemMessageState, SystemMessageEvent> = {
  initialState: initialSystemMessageState,
  decide: decideSystemMessage,
  evolve: evolveSystemMessage,
};
