import { createHash, randomUUID } from 'node:crypto';
import type { CommandBatch } from './command-batch.ts';
import type { Actor } from './decider.ts';

/** Travels with every command and ends up in every event's metadata. */
export interface CommandMeta {
  actor: Actor;
  commandId: string;
  correlationId: string;
  causationId: string | null;
  /** True when commandId comes from a client's idempotency key, so a retry must not change anything twice. */
  idempotent: boolean;
  /** Decide into this batch instead of appending: the batch's owner appends all its decisions at once (a bulk job's chunk). */
  batch?: CommandBatch;
}

export function newCommandMeta(actor: Actor, options: { idempotencyKey?: string; correlationId?: string } = {}): CommandMeta {
  const { idempotencyKey, correlationId } = options;
  const commandId = idempotencyKey
    ? createHash('sha256').update(`${actor.userId ?? 'system'}:${idempotencyKey}`).digest('hex').slice(0, 32)
    : randomUUID();
  return { actor, commandId, correlationId: correlationId ?? randomUUID(), causationId: null, idempotent: Boolean(idempotencyKey) };
}
