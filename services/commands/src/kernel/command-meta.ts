import { createHash, randomUUID } from 'node:crypto';
import type { RecordedEvent, StreamAppend } from '@testament/infra';
import type { Actor } from './decider.ts';

/** A command's decision held for one append of many: its stream's events, and the state the aggregate cache learns once they are stored. */
export interface BatchedDecision extends StreamAppend {
  remember(revision: number): void;
}

/** Where a command run in a batch puts its decision instead of appending it (kernel/command-batch.ts). */
export interface DecisionBatch {
  add(decision: BatchedDecision): void;
}

/** Travels with every command and ends up in every event's metadata. */
export interface CommandMeta {
  actor: Actor;
  commandId: string;
  correlationId: string;
  causationId: string | null;
  /** True when commandId comes from a client's idempotency key, so a retry must not change anything twice. */
  idempotent: boolean;
  /** The id of the API token the command came with: every event it writes says so, and the audit trail shows it. */
  tokenId?: string;
  /** Decide into this batch instead of appending: the batch's owner appends all its decisions at once (a bulk job's chunk). */
  batch?: DecisionBatch;
  /**
   * What this command wrote before the command service that ran it died, found when the gateway sent it again
   * (`landedEventsOf`): it is then run as under an idempotency key, and a create finds here the id it made.
   */
  landed?: readonly RecordedEvent[];
}

export function newCommandMeta(
  actor: Actor,
  options: { idempotencyKey?: string; correlationId?: string; tokenId?: string | undefined } = {},
): CommandMeta {
  const { idempotencyKey, correlationId, tokenId } = options;
  const commandId = idempotencyKey
    ? createHash('sha256')
        .update(`${actor.userId ?? 'system'}:${idempotencyKey}`)
        .digest('hex')
        .slice(0, 32)
    : randomUUID();
  return {
    actor,
    commandId,
    correlationId: correlationId ?? randomUUID(),
    causationId: null,
    idempotent: Boolean(idempotencyKey),
    ...(tokenId === undefined ? {} : { tokenId }),
  };
}
