import type { Bus, Unsubscribe } from '@testament/infra';
import { TopicHistory } from './topic-history.ts';
import { PositionGate, PROJECTIONS_ADVANCED, READ_MODELS_RUNNER, type ProjectionsAdvanced } from '@testament/projections';

type TopicListener = (topic: string, position: number) => void;

/** A runner as the progress first sees it: its name and where it starts. */
export interface FollowedRunner {
  runnerName: string;
  position: number;
}

/**
 * How far each runner's read models are, learnt from their notices on the bus,
 * so a write can wait until it is readable (read-your-writes), a read of the
 * audit trail until the trail has caught up, and the live channel can fan out
 * the topics that changed, whichever runner folded them.
 */
export class ProjectionProgress {
  private readonly gates = new Map<string, PositionGate>();
  private readonly listeners = new Set<TopicListener>();
  private readonly unsubscribe: Unsubscribe;
  private waits = 0;
  private readonly history: TopicHistory;

  constructor(bus: Bus, runners: readonly FollowedRunner[]) {
    for (const runner of runners) this.gates.set(runner.runnerName, new PositionGate(runner.position));
    // Batches folded before it listened are not known: the newest position any runner had then.
    this.history = new TopicHistory(Math.max(0, ...runners.map((runner) => runner.position)));
    this.unsubscribe = bus.subscribe(PROJECTIONS_ADVANCED, (payload) => this.advance(payload as ProjectionsAdvanced));
  }

  /** How far the read models the screens read are. */
  get current(): number {
    return this.positionOf(READ_MODELS_RUNNER);
  }

  positionOf(runner: string): number {
    return this.gate(runner).position;
  }

  /** Requests waiting now for the read models to include their writes. */
  get waiting(): number {
    return this.waits;
  }

  /**
   * Resolves true once the runner's read models include `position`, false
   * after `timeoutMs`; rejects with the signal's reason as soon as `signal` aborts.
   */
  async waitFor(position: number, timeoutMs: number, signal?: AbortSignal, runner = READ_MODELS_RUNNER): Promise<boolean> {
    this.waits++;
    try {
      return await this.gate(runner).waitFor(position, timeoutMs, signal);
    } finally {
      this.waits--;
    }
  }

  /** Of `topics`, those a batch after `since` changed (all when that is older than the history kept). */
  changedSince(since: number, topics: readonly string[]): string[] {
    return this.history.changedSince(since, topics);
  }

  onTopic(listener: TopicListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.unsubscribe();
  }

  private gate(runner: string): PositionGate {
    const gate = this.gates.get(runner);
    if (!gate) throw new Error(`No projection runner named ${runner} is followed`);
    return gate;
  }

  private advance({ runner, position, topics }: ProjectionsAdvanced): void {
    // Another process's runners (over NATS) may publish on the same subject: only followed ones count.
    const gate = this.gates.get(runner);
    if (!gate) return;
    gate.advance(position);
    this.history.record(position, topics);
    for (const topic of topics) for (const listener of this.listeners) listener(topic, position);
  }
}
