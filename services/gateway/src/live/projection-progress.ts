import type { Bus, Unsubscribe } from '@testament/infra';
import { PositionGate, PROJECTIONS_ADVANCED, type ProjectionsAdvanced } from '@testament/projections';

type TopicListener = (topic: string, position: number) => void;

/**
 * How far the read models are, learnt from the runner's notices on the bus,
 * so a write can wait until it is readable (read-your-writes), and the live
 * channel can fan out the topics that changed.
 */
export class ProjectionProgress {
  private readonly gate: PositionGate;
  private readonly listeners = new Set<TopicListener>();
  private readonly unsubscribe: Unsubscribe;
  private waits = 0;

  constructor(bus: Bus, initial: { position: number }) {
    this.gate = new PositionGate(initial.position);
    this.unsubscribe = bus.subscribe(PROJECTIONS_ADVANCED, (payload) => this.advance(payload as ProjectionsAdvanced));
  }

  get current(): number {
    return this.gate.position;
  }

  /** Requests waiting now for the read models to include their writes. */
  get waiting(): number {
    return this.waits;
  }

  /**
   * Resolves true once the read models include `position`, false after
   * `timeoutMs`; rejects with the signal's reason as soon as `signal` aborts.
   */
  async waitFor(position: number, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    this.waits++;
    try {
      return await this.gate.waitFor(position, timeoutMs, signal);
    } finally {
      this.waits--;
    }
  }

  onTopic(listener: TopicListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.unsubscribe();
  }

  private advance({ position, topics }: ProjectionsAdvanced): void {
    this.gate.advance(position);
    for (const topic of topics) for (const listener of this.listeners) listener(topic, position);
  }
}
