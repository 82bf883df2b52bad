import { streams, PermissionDeniedError, systemMessages } from '@testament/contracts';
import { handleCommand, idForNewStream, type KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { systemMessageDecider, type SystemMessageCommand, type SystemMessageFields } from './decide.ts';

export function systemMessageHandlers(deps: KernelDeps) {
  const run = async (messageId: number, command: SystemMessageCommand, meta: CommandMeta) => {
    const { position } = await handleCommand(deps, systemMessageDecider, streams.systemMessage.of(messageId), command, meta);
    return { position, messageId };
  };
  return {
    async create(input: SystemMessageFields, meta: CommandMeta) {
      // Refused before an id is spent; the decider checks again.
      if (!meta.actor.isSuperuser) throw new PermissionDeniedError(systemMessages.onlySuperuser);
      const messageId = await idForNewStream(deps, 'system-message', streams.systemMessage.of, meta);
      return run(messageId, { type: 'CreateSystemMessage', messageId, ...input }, meta);
    },
    change: (input: { messageId: number } & Partial<SystemMessageFields>, meta: CommandMeta) => {
      const { messageId, ...changes } = input;
      return run(messageId, { type: 'ChangeSystemMessage', ...changes }, meta);
    },
    delete: (input: { messageId: number }, meta: CommandMeta) => run(input.messageId, { type: 'DeleteSystemMessage' }, meta),
  };
}
