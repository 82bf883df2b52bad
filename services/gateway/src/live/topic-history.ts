/** How long the topics of a batch are kept: a screen's answer and its subscription meet within seconds. */
const KEEP_MS = 60_000;
/** At most this many batches are kept, whatever their age (a thousand a second under load). */
const KEEP_BATCHES = 100_000;

interface Batch {
  position: number;
  topics: readonly string[];
  at: number;
}

/**
 * The live topics of the recent batches, by position, so the live channel can tell a screen what changed
 * between the answer it shows and the moment its socket followed the topic (notices are sent only to
 * sockets that follow already). Older than what it keeps, every topic counts as changed.
 */
export class TopicHistory {
  private readonly batches: Batch[] = [];
  /** Index of the oldest batch kept: the array is trimmed from the front in steps, not one shift per batch. */
  private first = 0;
  /** Changes at or before it are no longer known. */
  private forgottenUpTo: number;

  constructor(
    knownFrom: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.forgottenUpTo = knownFrom;
  }

  record(position: number, topics: readonly string[]): void {
    if (topics.length > 0) this.batches.push({ position, topics, at: this.now() });
    this.forget();
  }

  /** Of `topics`, those changed after `since`: all of them when that is further back than the history reaches. */
  changedSince(since: number, topics: readonly string[]): string[] {
    if (since < this.forgottenUpTo) return [...topics];
    const wanted = new Set(topics);
    const changed = new Set<string>();
    for (let i = this.batches.length - 1; i >= this.first && this.batches[i]!.position > since; i--) {
      for (const topic of this.batches[i]!.topics) if (wanted.has(topic)) changed.add(topic);
    }
    return [...changed];
  }

  private forget(): void {
    const oldest = this.now() - KEEP_MS;
    while (this.first < this.batches.length && (this.batches.length - this.first > KEEP_BATCHES || this.batches[this.first]!.at < oldest)) {
      this.forgottenUpTo = this.batches[this.first]!.position;
      this.first++;
    }
    if (this.first > 1_024 && this.first * 2 > this.batches.length) {
      this.batches.splice(0, this.first);
      this.first = 0;
    }
  }
}
