import { createHash, randomUUID } from 'node:crypto';
import type { Actor } from './decider.ts';

/** Travels with every command and ends up in every event's metadata. */
export interface CommandMeta {
  actor: Actor;
  commandId: string;
  correlationId: string;
  causationId: string | null;
  /** True when commandId comes from a client's idempotency key, so a retry must not change anything twice. */
  idempotent: boolean;
  /** Decide only: refusals are thrown as usual and nothing is appended (a bulk job checks a chunk before applying any of it). */
  checkOnly?: boolean;
}

export function newCommandMeta(actor: Actor, options: { idempotencyKey?: string; correlationId?: string } = {}): CommandMeta {
  const { idempotencyKey, correlationId } = options;
  const commandId = idempotencyKey
    ? createHash('sha256').update(`${actor.userId ?? 'system'}:${idempotencyKey}`).digest('hex').slice(0, 32)
    : randomUUID();
  return { actor, commandId, correlationId: correlationId ?? randomUUID(), causationId: null, idempotent: Boolean(idempotencyKey) };
}
