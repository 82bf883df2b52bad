interface Closable {
  close(): Promise<void>;
}

/**
 * What a system opened, closed newest first: all of it at its orderly stop, or, after a failure while it
 * starts, whatever opened before it, so a bad configuration leaves nothing behind.
 */
export class OpenedResources {
  private readonly opened: Closable[] = [];

  async open<R extends Closable>(resource: Promise<R> | R): Promise<R> {
    const ready = await resource;
    this.opened.unshift(ready);
    return ready;
  }

  /** A stop to run with the others (a subscription's end, say). */
  onClose(close: () => Promise<void> | void): void {
    this.opened.unshift({ close: async () => close() });
  }

  async closeAll(): Promise<void> {
    for (const resource of this.opened) await resource.close();
  }

  /** After a failure: every one is tried, and the failure that started it is the one thrown. */
  async closeAfterFailure(): Promise<void> {
    for (const resource of this.opened) await resource.close().catch(() => undefined);
  }
}
