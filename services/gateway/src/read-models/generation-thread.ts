/**
 * A generation of the read models folded on a worker thread (generation-worker.ts) into the read
 * models' own SQLite file, in the embedded setup: a read model whose code changed is built beside
 * the copy being served without taking the main thread's turns from its requests. SQLite lets one
 * connection write while others read, so the served copies answer throughout; the build's
 * transactions stay short, since a write of the served runner waits for them.
 */
import { type Bus, closeRequestsThread, startRequestsThread, type ThreadRequests } from '@testament/infra';
import {
  PROJECTIONS_ADVANCED,
  READ_MODELS_RUNNER,
  type GenerationBuild,
  type ProjectionsAdvanced,
  type ReadModelsBuild,
} from '@testament/projections';
import type { Worker } from 'node:worker_threads';
import { FOLD_YOUNG_GENERATION_MB } from './fold-heap.ts';
import type { FromGenerationThread, GenerationThreadData, ToGenerationThread } from './messages.ts';

export class GenerationThread implements ReadModelsBuild {
  position = 0;
  resumedFrom = 0;
  private readonly worker: Worker;
  private readonly requests: ThreadRequests<Extract<ToGenerationThread, { id: number }>, { position: number; resumedFrom: number }>;
  private readonly stopFollowing: () => void;

  constructor(
    files: Pick<GenerationThreadData, 'eventsFile' | 'readModelsFile' | 'fence'>,
    { projections, generation, runnerName, holdsUpStart }: GenerationBuild,
    bus: Bus,
  ) {
    ({ worker: this.worker, requests: this.requests } = startRequestsThread(
      new URL('./generation-worker.ts', import.meta.url),
      { ...files, names: projections.map((projection) => projection.name), generation, runnerName, holdsUpStart },
      {
        name: "the read models' build thread",
        onMessage: (message: FromGenerationThread) => this.receive(message),
        resourceLimits: { maxYoungGenerationSizeMb: FOLD_YOUNG_GENERATION_MB },
      },
    ));
    // The thread reads the log itself; it learns of commits from the served runner's notices.
    this.stopFollowing = bus.subscribe(PROJECTIONS_ADVANCED, (payload) => {
      const { runner, position } = payload as ProjectionsAdvanced;
      if (runner === READ_MODELS_RUNNER) this.requests.post({ kind: 'committed', position } satisfies ToGenerationThread);
    });
  }

  async start(until?: number): Promise<void> {
    // Brought to a position the served runner has folded: committed, whatever the thread has heard.
    if (until !== undefined) this.requests.post({ kind: 'committed', position: until } satisfies ToGenerationThread);
    const { position, resumedFrom } = await this.requests.ask({
      kind: 'control',
      id: 0,
      action: 'start',
      ...(until !== undefined && { until }),
    });
    this.position = position;
    this.resumedFrom = resumedFrom;
  }

  async stop(): Promise<void> {
    this.position = (await this.requests.ask({ kind: 'control', id: 0, action: 'stop' })).position;
  }

  async close(): Promise<void> {
    this.stopFollowing();
    await closeRequestsThread(
      { worker: this.worker, requests: this.requests },
      { kind: 'control', id: 0, action: 'close' },
      "the read models' build thread is closed",
    );
  }

  private receive(message: FromGenerationThread): void {
    if (message.kind === 'advanced') {
      this.position = Math.max(this.position, message.position);
      return;
    }
    if (message.kind === 'failed') this.requests.fail(new Error(`the read models' build thread failed: ${message.message}`));
    else this.requests.settle(message);
  }
}
