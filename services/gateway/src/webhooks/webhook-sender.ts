import { newCommandMeta, SYSTEM_ACTOR, type CommandDispatcher } from '@testament/commands';
import type { ReadStore } from '@testament/infra';
import { activeWebhooks, dueDeliveries, type DeliveryDocument, type WebhookDocument } from '@testament/projections/webhooks/queries';
import { setTimeout as sleep } from 'node:timers/promises';
import { RefusedAddressError, systemResolver, vetWebhookUrl, type AddressPolicy, type Resolver } from './address-guard.ts';
import { DEFAULT_LIMITS, postTo, type AttemptResult, type RequestLimits } from './delivery-request.ts';
import { DEFAULT_RETRY_POLICY, nextAttemptAt, type RetryPolicy } from './retry-policy.ts';
import type { SecretBox } from './secret-box.ts';
import { deliveryHeaders } from './signature.ts';

export interface WebhookSenderOptions {
  readStore: ReadStore;
  dispatch: CommandDispatcher;
  secrets: SecretBox;
  policy: AddressPolicy;
  retry?: RetryPolicy;
  limits?: RequestLimits;
  clock?: () => Date;
  random?: () => number;
  resolve?: Resolver;
  /** The wait between looks at the outbox. */
  pollMs?: number;
  /** Requests in flight at most; each webhook gets `perWebhook` of a look's deliveries, so one slow receiver holds up no other. */
  concurrency?: number;
  perWebhook?: number;
  onError?: (error: unknown) => void;
}

/**
 * Sends the outbox's due deliveries (the webhooks read model) and records each attempt. Before a request it claims
 * the attempt (`webhooks.claimDelivery`): the claim is an event whose stream's expected revision grants it once, so
 * no attempt is sent twice while its lease holds, whoever else asks, and a stale read of the outbox is refused there.
 * After the answer it records the outcome (`webhooks.recordAttempt`), with the next attempt's time from the retry
 * policy. A sender that dies between the two leaves the lease to run out; the delivery is then due again and goes out
 * once more with the same id: at least once. Exactly one process runs it: the embedded server, or the command service
 * of the cluster.
 */
export class WebhookSender {
  private readonly retry: RetryPolicy;
  private readonly limits: RequestLimits;
  private readonly clock: () => Date;
  private readonly random: () => number;
  private readonly stopping = new AbortController();
  private readonly inFlight = new Set<string>();
  private loop: Promise<void> | undefined;

  constructor(private readonly options: WebhookSenderOptions) {
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY;
    this.limits = options.limits ?? DEFAULT_LIMITS;
    this.clock = options.clock ?? (() => new Date());
    this.random = options.random ?? Math.random;
  }

  start(): void {
    this.loop ??= this.run();
  }

  /** Stops looking and abandons the requests in flight, unrecorded: their leases run out and they go out again later. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.loop;
  }

  private async run(): Promise<void> {
    const signal = this.stopping.signal;
    while (!signal.aborted) {
      try {
        await this.sendDue();
      } catch (error) {
        if (!signal.aborted) (this.options.onError ?? console.error)(error);
      }
      await sleep(this.options.pollMs ?? 1_000, undefined, { signal }).catch(() => {});
    }
  }

  /** One look at the outbox: every due delivery of every active webhook sent (or found claimed). Answers how many it tried. */
  async sendDue(): Promise<number> {
    const { readStore } = this.options;
    const now = this.clock();
    const work: Array<{ webhook: WebhookDocument; delivery: DeliveryDocument }> = [];
    for (const webhook of await activeWebhooks(readStore)) {
      for (const delivery of await dueDeliveries(readStore, webhook._id, now.toISOString(), this.options.perWebhook ?? 4)) {
        const leased = delivery.leaseUntil !== null && delivery.leaseUntil > now.toISOString();
        if (!leased && !this.inFlight.has(delivery._id)) work.push({ webhook, delivery });
      }
    }
    const lanes = Math.min(this.options.concurrency ?? 4, work.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: lanes }, async () => {
        while (next < work.length && !this.stopping.signal.aborted) {
          const { webhook, delivery } = work[next++]!;
          await this.attempt(webhook, delivery);
        }
      }),
    );
    return work.length;
  }

  private async attempt(webhook: WebhookDocument, delivery: DeliveryDocument): Promise<void> {
    const { dispatch } = this.options;
    const ref = { deliveryId: delivery._id, webhookId: webhook._id, projectId: delivery.projectId };
    const attempt = delivery.attempts + 1;
    const meta = () => newCommandMeta(SYSTEM_ACTOR, { correlationId: `webhook-delivery-${delivery._id}` });
    const leaseUntil = new Date(this.clock().getTime() + this.retry.leaseMs).toISOString();
    this.inFlight.add(delivery._id);
    try {
      const claim = await dispatch('webhooks.claimDelivery', { ...ref, attempt, leaseUntil }, meta());
      if (!claim.granted) return;
      const result = await this.send(webhook, delivery);
      // Stopped mid-request: nothing is recorded, the lease runs out, and the delivery goes out again.
      if (this.stopping.signal.aborted) return;
      const delivered = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
      const retryAt = delivered ? null : nextAttemptAt(delivery.roundAttempts + 1, this.clock(), this.retry, this.random());
      await dispatch('webhooks.recordAttempt', { ...ref, attempt, delivered, ...result, retryAt }, meta());
    } finally {
      this.inFlight.delete(delivery._id);
    }
  }

  /** The request, its address checked again now (a name may resolve elsewhere than when it was saved). */
  private async send(webhook: WebhookDocument, delivery: DeliveryDocument): Promise<AttemptResult> {
    let target: Awaited<ReturnType<typeof vetWebhookUrl>>;
    try {
      target = await vetWebhookUrl(webhook.url, this.options.policy, this.options.resolve ?? systemResolver);
    } catch (error) {
      const reason = error instanceof RefusedAddressError ? error.message : String(error);
      return { statusCode: null, error: reason, durationMs: 0, response: '' };
    }
    const body = JSON.stringify(delivery.payload);
    const headers = deliveryHeaders(
      { id: delivery._id, event: delivery.event },
      this.options.secrets.open(webhook.sealedSecret),
      body,
      this.clock(),
    );
    return postTo(target, headers, body, this.limits, this.stopping.signal);
  }
}
