import type { Bus, Unsubscribe } from '@testament/infra';
import { PROJECTIONS_ADVANCED, type ProjectionsAdvanced } from '@testament/projections';

type TopicListener = (topic: string, position: number) => void;

/**
 * How far the read models are, learnt from the runner's notices on the bus,
 * so a write can wait until it is readable (read-your-writes), and the live
 * channel can fan out the topics that changed.
 */
export class ProjectionProgress {
  private position: number;
  private readonly waiters = new Set<{ position: number; resolve: () => void }>();
  private readonly listeners = new Set<TopicListener>();
  private readonly unsubscribe: Unsubscribe;

  constructor(bus: Bus, initial: { position: number }) {
    this.position = initial.position;
    this.unsubscribe = bus.subscribe(PROJECTIONS_ADVANCED, (payload) => this.advance(payload as ProjectionsAdvanced));
  }

  get current(): number {
    return this.position;
  }

  /** Resolves true once the read models include `position`, false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (this.position >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = {
        position,
        resolve: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        resolve(false);
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  onTopic(listener: TopicListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.unsubscribe();
  }

  private advance({ position, topics }: ProjectionsAdvanced): void {
    this.position = Math.max(this.position, position);
    for (const waiter of this.waiters) {
      if (waiter.position <= this.position) {
        this.waiters.delete(waiter);
        waiter.resolve();
      }
    }
    for (const topic of topics) for (const listener of this.listeners) listener(topic, position);
  }
}
