import type { Document, ReadStore } from '@testament/infra';
import { auditProjection } from './audit/audit-projection.ts';
import { auditProjections, readModelProjections } from './read-models.ts';
import type { Projection } from './runner/projection.ts';
import { AUDIT_RUNNER } from './runner/read-model-declaration.ts';
import { ProjectionRunner, type ProjectionRunnerOptions } from './runner/projection-runner.ts';
import { readModelVersions } from './runner/read-model-versions.ts';
import { VersionedReadModels, type VersionedReadModelsOptions } from './runner/versioned-read-models.ts';

export * from './runner/projection.ts';
export * from './runner/projection-runner.ts';
export * from './runner/position-gate.ts';
export * from './runner/versioned-read-models.ts';
export * from './runner/read-model-versions.ts';

export * from './read-models.ts';
export * from './runner/read-model-declaration.ts';

/**
 * Events per batch of the trail's fold: a batch runs between requests, and at about 60 µs an event it stays well under the 50 ms a request
 * may wait.
 */
const AUDIT_BATCH_SIZE = 250;

/**
 * Events per batch while a runner catches up at a start: a batch writes each document it changed once, so
 * the fewer batches the fewer writes of a document many events change (a test's row per result, a plan's
 * history). On the 1.17M-event log into SQLite, the first 400,000 events folded in 35 s by 10,000, 32 s by 40,000.
 */
const CATCH_UP_BATCH_SIZE = 40_000;

/** Events per batch of the audit trail's catch-up in the serving process. */
const AUDIT_CATCH_UP_BESIDE_REQUESTS = 2_000;
/**
 * Events per batch of the audit trail's catch-up on its own thread: its rows are new in every batch, so bigger batches save little and hold
 * more memory.
 */
const AUDIT_CATCH_UP_ON_ITS_THREAD = 10_000;

/**
 * The audit trail's runner, wherever it folds: small batches, since it folds
 * while requests are served. On a thread of its own (`onOwnThread`), nothing
 * waits for its turns, and nobody reads the trail before it has caught up
 * (`auditCaughtUp`): its catch-up at a start folds in big batches and builds
 * its indexes once at the end, as the read models' does.
 */
export function auditRunner({
  store,
  readStore,
  bus,
  onOwnThread = false,
}: Pick<ProjectionRunnerOptions, 'store' | 'readStore' | 'bus'> & { onOwnThread?: boolean }): ProjectionRunner {
  return new ProjectionRunner({
    store,
    readStore,
    bus,
    projections: auditProjections,
    name: AUDIT_RUNNER,
    version: readModelVersions(auditProjections).get(auditProjection.name)!,
    // Beside requests (unless on a thread of its own), its indexes are kept row by row rather than built at the end.
    bulkLoad: onOwnThread,
    batchSize: AUDIT_BATCH_SIZE,
    // Its catch-up runs while requests are served: a page waiting for it hears of each batch. Beside requests,
    // a batch is one transaction that holds the event loop, so it stays a few thousand events.
    catchUpBatchSize: onOwnThread ? AUDIT_CATCH_UP_ON_ITS_THREAD : AUDIT_CATCH_UP_BESIDE_REQUESTS,
    catchUpTopics: true,
  });
}

/**
 * Events per batch of a read model's build beside the copies served (its code changed): a batch holds the
 * event loop while it is applied and written, so it stays a few thousand events.
 */
const BACKGROUND_BATCH_SIZE = 2_000;

/**
 * Events per batch of such a build on a thread of its own, as many as a start's catch-up: it holds no event loop, only the
 * file's write lock while a batch is written, which a write of the served runner waits for. Bigger batches rewrite a document
 * many events change less often: on 100,000 tests and 1M results an upgrade of the tests read model built in 131 s by 40,000
 * and 152 s by 10,000, and the served results' p99 meanwhile was 551 and 641 ms (one client, the same machine and store).
 */
const BACKGROUND_BATCH_SIZE_ON_A_THREAD = 40_000;

/** The batches of the read models' runners, wherever a generation of them is folded. */
export const readModelBatches = {
  catchUpBatchSize: CATCH_UP_BATCH_SIZE,
  backgroundBatchSize: BACKGROUND_BATCH_SIZE,
  backgroundBatchSizeOnAThread: BACKGROUND_BATCH_SIZE_ON_A_THREAD,
} as const;

/** The read models every screen reads, as a server starts them: a copy per version of their code (`VersionedReadModels`). */
export function readModels({
  store,
  readStore,
  bus,
  builds,
  onServed,
  retiredGraceMs,
  versions,
  catchUpBatchSize = readModelBatches.catchUpBatchSize,
}: Pick<VersionedReadModelsOptions, 'store' | 'readStore' | 'bus' | 'builds' | 'onServed' | 'retiredGraceMs' | 'versions'> &
  Partial<Pick<VersionedReadModelsOptions, 'catchUpBatchSize'>>): VersionedReadModels {
  const { backgroundBatchSize } = readModelBatches;
  return new VersionedReadModels({
    store,
    readStore,
    bus,
    projections: readModelProjections,
    catchUpBatchSize,
    backgroundBatchSize,
    ...(builds && { builds }),
    ...(onServed && { onServed }),
    ...(retiredGraceMs !== undefined && { retiredGraceMs }),
    ...(versions && { versions }),
  });
}

/** Every read model. */
export const allProjections: readonly Projection[] = [...readModelProjections, ...auditProjections];

/** Every read model's documents, collection by collection, in `_id` order: what a test compares with a fold from scratch. */
export async function documentsOfReadModels(reads: ReadStore): Promise<Record<string, Document[]>> {
  const names = readModelProjections.flatMap((projection) => Object.keys(projection.collections));
  return Object.fromEntries(
    await Promise.all(names.map(async (name) => [name, await reads.collection(name).find({}, { sort: { _id: 1 } })] as const)),
  );
}
