import { streams } from '@testament/contracts';
import { handleCommand, idForNewAggregate, type KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import {
  deliveryDecider,
  webhookDecider,
  type AttemptOutcome,
  type DeliveryCommand,
  type DeliveryRef,
  type WebhookCommand,
  type WebhookFields,
} from './decide.ts';

/** A webhook as the gateway names it. */
export interface WebhookRef {
  projectId: number;
  id: number;
}

export function webhookHandlers(deps: KernelDeps) {
  const streamOf = (projectId: number) => streams.catalogue('webhooks', projectId);

  async function run(projectId: number, command: WebhookCommand, meta: CommandMeta) {
    const project = await deps.projectAccess(projectId, meta.actor);
    const { position } = await handleCommand(deps, webhookDecider, streamOf(projectId), command, meta, { project });
    return { position };
  }

  async function onDelivery(command: DeliveryCommand, meta: CommandMeta) {
    // Claims and outcomes are the sender's (the system); only a requeue is a manager's, in the webhook's project.
    const project = command.type === 'Requeue' ? await deps.projectAccess(command.projectId, meta.actor) : undefined;
    const { position } = await handleCommand(deps, deliveryDecider, streams.webhookDelivery(command.deliveryId), command, meta, {
      project,
    });
    return { position };
  }

  return {
    async create(input: WebhookFields & { sealedSecret: string; uid: string }, meta: CommandMeta) {
      const { sealedSecret, uid, ...fields } = input;
      const id = await idForNewAggregate(deps, 'webhook', () => streamOf(input.projectId), meta);
      const { position } = await run(input.projectId, { type: 'Create', id, fields, sealedSecret, uid }, meta);
      return { position, id };
    },
    change: (input: WebhookRef & { changes: Partial<Omit<WebhookFields, 'projectId'>> }, meta: CommandMeta) =>
      run(input.projectId, { type: 'Change', id: input.id, changes: input.changes }, meta),
    rotateSecret: (input: WebhookRef & { sealedSecret: string }, meta: CommandMeta) =>
      run(input.projectId, { type: 'RotateSecret', id: input.id, sealedSecret: input.sealedSecret }, meta),
    delete: (input: WebhookRef, meta: CommandMeta) => run(input.projectId, { type: 'Delete', id: input.id }, meta),
    ping: (input: WebhookRef, meta: CommandMeta) => run(input.projectId, { type: 'Ping', id: input.id }, meta),
    /** `granted`: this caller may send the attempt now, and no one else until `leaseUntil`. */
    async claimDelivery(input: DeliveryRef & { attempt: number; leaseUntil: string }, meta: CommandMeta) {
      const { position } = await onDelivery({ type: 'Claim', ...input }, meta);
      return { position, granted: position > 0 };
    },
    recordAttempt: (input: DeliveryRef & AttemptOutcome & { attempt: number }, meta: CommandMeta) =>
      onDelivery({ type: 'Record', ...input }, meta),
    requeueDelivery: (input: DeliveryRef, meta: CommandMeta) => onDelivery({ type: 'Requeue', ...input }, meta),
  };
}
