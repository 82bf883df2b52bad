import {
  NotFoundError,
  PermissionDeniedError,
  ValidationError,
  webhookMessages,
  type WebhookDeliveryEvent,
  type WebhookEvent,
  type WebhookEventName,
} from '@testament/contracts';
import type { Actor, Decider, DecisionContext } from '../kernel/decider.ts';
import { requireProjectManagement } from '../kernel/project-access.ts';

/** A webhook as its project's stream (`webhooks-project-3`) knows it. */
export interface WebhookFields {
  projectId: number;
  name: string;
  url: string;
  events: WebhookEventName[];
  isActive: boolean;
}

export interface WebhookState {
  /** The live webhooks by id; a deleted one leaves its id in `deletedIds`, so a replayed create cannot bring it back. */
  readonly webhooks: ReadonlyMap<number, WebhookFields>;
  readonly deletedIds: ReadonlySet<number>;
}

export type WebhookCommand =
  | { type: 'Create'; id: number; fields: WebhookFields; sealedSecret: string; uid: string }
  | { type: 'Change'; id: number; changes: Partial<Omit<WebhookFields, 'projectId'>> }
  | { type: 'RotateSecret'; id: number; sealedSecret: string }
  | { type: 'Delete'; id: number }
  | { type: 'Ping'; id: number };

function live(state: WebhookState, id: number): WebhookFields {
  const webhook = state.webhooks.get(id);
  if (!webhook) throw new NotFoundError();
  return webhook;
}

function requireUniqueName(state: WebhookState, name: string, selfId: number): void {
  for (const [id, webhook] of state.webhooks) {
    if (id !== selfId && webhook.name === name) throw ValidationError.of('name', webhookMessages.nameTaken);
  }
}

/** The fields of `changes` that differ from the webhook's. */
function differences(current: WebhookFields, changes: Partial<WebhookFields>): Partial<WebhookFields> {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(current[key as keyof WebhookFields])) changed[key] = value;
  }
  return changed as Partial<WebhookFields>;
}

/**
 * A project's webhooks, one aggregate so names stay unique. Only the project's managers (`change_project`, or a
 * superuser) create, change, rotate, ping or delete them: a webhook sends the project's news to an address outside.
 * Whether the address may be sent to is the gateway's check (it resolves the host); the secret arrives sealed.
 */
export const webhookDecider: Decider<WebhookCommand, WebhookState, WebhookEvent> = {
  initialState: { webhooks: new Map(), deletedIds: new Set() },
  decide(command, state, context) {
    requireProjectManagement(context.project, context.actor);
    switch (command.type) {
      case 'Create': {
        if (state.webhooks.has(command.id) || state.deletedIds.has(command.id)) return [];
        requireUniqueName(state, command.fields.name, command.id);
        const { sealedSecret, uid } = command;
        return [{ type: 'WebhookCreated', data: { id: command.id, ...command.fields, sealedSecret, uid } }];
      }
      case 'Change': {
        const changes = differences(live(state, command.id), command.changes);
        if (Object.keys(changes).length === 0) return [];
        if (changes.name !== undefined) requireUniqueName(state, changes.name, command.id);
        return [{ type: 'WebhookChanged', data: { id: command.id, ...changes } }];
      }
      case 'RotateSecret':
        live(state, command.id);
        return [{ type: 'WebhookSecretRotated', data: { id: command.id, sealedSecret: command.sealedSecret } }];
      case 'Delete':
        live(state, command.id);
        return [{ type: 'WebhookDeleted', data: { id: command.id } }];
      case 'Ping':
        if (!live(state, command.id).isActive) throw ValidationError.general(webhookMessages.inactive);
        return [{ type: 'WebhookPinged', data: { id: command.id } }];
    }
  },
  evolve(state, event) {
    const webhooks = new Map(state.webhooks);
    switch (event.type) {
      case 'WebhookCreated': {
        const { id, projectId, name, url, events, isActive } = event.data;
        webhooks.set(id, { projectId, name, url, events, isActive });
        return { ...state, webhooks };
      }
      case 'WebhookChanged': {
        const { id, ...changes } = event.data;
        const current = webhooks.get(id);
        if (current) webhooks.set(id, { ...current, ...changes });
        return { ...state, webhooks };
      }
      case 'WebhookDeleted':
        webhooks.delete(event.data.id);
        return { webhooks, deletedIds: new Set(state.deletedIds).add(event.data.id) };
      default:
        return state;
    }
  },
};

/** Which delivery, of which webhook in which project: what every delivery command names. */
export interface DeliveryRef {
  deliveryId: string;
  webhookId: number;
  projectId: number;
}

export interface AttemptOutcome {
  delivered: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  response: string;
  /** When to try again; null: delivered, or given up. */
  retryAt: string | null;
}

export type DeliveryCommand =
  | ({ type: 'Claim'; attempt: number; leaseUntil: string } & DeliveryRef)
  | ({ type: 'Record'; attempt: number } & DeliveryRef & AttemptOutcome)
  | ({ type: 'Requeue' } & DeliveryRef);

export interface DeliveryState {
  /** Attempts whose outcome is recorded. */
  readonly attempts: number;
  readonly claim: { attempt: number; leaseUntil: string } | null;
  readonly outcome: 'pending' | 'delivered' | 'failed';
}

/** Only the sender, as the system, claims and records attempts. */
function requireSender(actor: Actor): void {
  if (actor.userId !== null) throw new PermissionDeniedError();
}

function claimHeld(state: DeliveryState, attempt: number, context: DecisionContext): boolean {
  return state.claim !== null && state.claim.attempt === attempt && state.claim.leaseUntil > context.now;
}

/**
 * One delivery's attempts. A claim is granted to attempt `attempts + 1` of a pending delivery while no other claim of
 * that attempt holds: the append's expected revision lets one claimant through, so no two senders (nor one reading a
 * stale read model) send the same attempt. A claim whose holder died runs out and is granted again, and the delivery
 * goes out once more with the same id: at least once, never twice while a claim holds. A refusal is no event (the
 * sender moves on), not an error.
 */
export const deliveryDecider: Decider<DeliveryCommand, DeliveryState, WebhookDeliveryEvent> = {
  initialState: { attempts: 0, claim: null, outcome: 'pending' },
  decide(command, state, context) {
    const { deliveryId, webhookId, projectId } = command;
    const ref = { deliveryId, webhookId, projectId };
    switch (command.type) {
      case 'Claim':
        requireSender(context.actor);
        if (state.outcome !== 'pending' || command.attempt !== state.attempts + 1 || claimHeld(state, command.attempt, context)) return [];
        return [{ type: 'WebhookDeliveryStarted', data: { ...ref, attempt: command.attempt, leaseUntil: command.leaseUntil } }];
      case 'Record': {
        requireSender(context.actor);
        if (state.claim?.attempt !== command.attempt || state.attempts !== command.attempt - 1) return [];
        const { attempt, delivered, statusCode, error, durationMs, response, retryAt } = command;
        return [
          {
            type: 'WebhookDeliveryAttempted',
            data: { ...ref, attempt, delivered, statusCode, error, durationMs, response, retryAt: delivered ? null : retryAt },
          },
        ];
      }
      case 'Requeue':
        requireProjectManagement(context.project, context.actor);
        if (state.outcome === 'pending') throw ValidationError.general(webhookMessages.notRedeliverable);
        return [{ type: 'WebhookDeliveryRequeued', data: ref }];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'WebhookDeliveryStarted':
        return { ...state, claim: { attempt: event.data.attempt, leaseUntil: event.data.leaseUntil } };
      case 'WebhookDeliveryAttempted': {
        const { attempt, delivered, retryAt } = event.data;
        return { attempts: attempt, claim: null, outcome: delivered ? 'delivered' : retryAt === null ? 'failed' : 'pending' };
      }
      case 'WebhookDeliveryRequeued':
        return { ...state, claim: null, outcome: 'pending' };
    }
  },
};
