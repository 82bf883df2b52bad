import type { Subscription } from '../ports/event-store.ts';

/** The subscriptions a store has handed out, so closing the store closes them all. */
export class OpenSubscriptions {
  private readonly open = new Set<Subscription>();

  /** Tracks a subscription; the handle returned forgets it again when closed. */
  track(subscription: Subscription): Subscription {
    this.open.add(subscription);
    return {
      close: async () => {
        this.open.delete(subscription);
        await subscription.close();
      },
    };
  }

  async closeAll(): Promise<void> {
    const all = [...this.open];
    this.open.clear();
    await Promise.all(all.map((subscription) => subscription.close()));
  }
}
