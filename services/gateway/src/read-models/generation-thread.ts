/**
 * A generation of the read models folded on a worker thread (generation-worker.ts) into the read
 * models' own SQLite file, in the embedded setup: a read model whose code changed is built beside
 * the copy being served without taking the main thread's turns from its requests. SQLite lets one
 * connection write while others read, so the served copies answer throughout; the build's
 * transactions stay short, since a write of the served runner waits for them.
 */
import { startTsWorker, type Bus } from '@testament/infra';
import { PROJECTIONS_ADVANCED, READ_MODELS_RUNNER, type GenerationBuild, type ProjectionsAdvanced, type ReadModelsBuild } from '@testament/projections';
import type { Worker } from 'node:worker_threads';
import type { FromGenerationThread, ToGenerationThread } from './messages.ts';

interface Pending {
  resolve(value: { position: number; resumedFrom: number }): void;
  reject(error: Error): void;
}

export class GenerationThread implements ReadModelsBuild {
  position = 0;
  resumedFrom = 0;
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private failure: Error | undefined;
  private readonly stopFollowing: () => void;

  constructor(files: { eventsFile: string; readModelsFile: string }, { projections, generation, runnerName, holdsUpStart }: GenerationBuild, bus: Bus) {
    this.worker = startTsWorker(new URL('./generation-worker.ts', import.meta.url), { ...files, names: projections.map((projection) => projection.name), generation, runnerName, holdsUpStart });
    this.worker.on('message', (message: FromGenerationThread) => this.receive(message));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`the read models' build thread exited with code ${code}`)));
    // The thread reads the log itself; it learns of commits from the served runner's notices.
    this.stopFollowing = bus.subscribe(PROJECTIONS_ADVANCED, (payload) => {
      const { runner, position } = payload as ProjectionsAdvanced;
      if (runner === READ_MODELS_RUNNER) this.send({ kind: 'committed', position });
    });
  }

  async start(until?: number): Promise<void> {
    // Brought to a position the served runner has folded: committed, whatever the thread has heard.
    if (until !== undefined) this.send({ kind: 'committed', position: until });
    const { position, resumedFrom } = await this.request({ kind: 'control', id: 0, action: 'start', ...(until !== undefined && { until }) });
    this.position = position;
    this.resumedFrom = resumedFrom;
  }

  async stop(): Promise<void> {
    this.position = (await this.request({ kind: 'control', id: 0, action: 'stop' })).position;
  }

  async close(): Promise<void> {
    this.stopFollowing();
    await this.request({ kind: 'control', id: 0, action: 'close' }).catch(() => undefined);
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
    this.fail(new Error("the read models' build thread is closed"));
  }

  private request(message: Extract<ToGenerationThread, { id: number }>): Promise<{ position: number; resumedFrom: number }> {
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.send({ ...message, id });
    });
  }

  private send(message: ToGenerationThread): void {
    if (!this.failure) this.worker.postMessage(message);
  }

  private receive(message: FromGenerationThread): void {
    if (message.kind === 'advanced') {
      this.position = Math.max(this.position, message.position);
      return;
    }
    if (message.kind === 'failed') {
      this.fail(new Error(`the read models' build thread failed: ${message.message}`));
      return;
    }
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (message.error) waiting.reject(Object.assign(new Error(message.error.message), { name: message.error.name }));
    else waiting.resolve(message.value!);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
