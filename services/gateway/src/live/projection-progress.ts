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

  constructor(bus: Bus, initial: { position: number }) {
    this.gate = new PositionGate(initial.position);
    this.unsubscribe = bus.subscribe(PROJECTIONS_ADVANCED, (payload) => this.advance(payload as ProjectionsAdvanced));
  }

  get current(): number {
    return this.gate.position;
  }

  /** Resolves true once the read models include `position`, false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    return this.gate.waitFor(position, timeoutMs);
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
