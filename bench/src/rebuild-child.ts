import { MemoryBus, MemoryReadStore, SqliteEventStore } from '@testament/infra';
import { allProjections, ProjectionRunner } from '@testament/projections';

/** Folds the log at argv[2] into fresh in-memory read models and prints what it took, as JSON. */
const store = SqliteEventStore.open(process.argv[2]!);
// As the server keeps them by default (TESTAMENT_FREEZE_READ_MODELS unset).
const readStore = new MemoryReadStore({ freezeDocuments: false });
const runner = new ProjectionRunner({ store, readStore, bus: new MemoryBus(), projections: allProjections });
const startedAt = performance.now();
await runner.start();
// Part of a rebuild: the indexes sorted, as the server has them before it says it is ready.
readStore.settleIndexes();
const seconds = (performance.now() - startedAt) / 1000;
const result = { events: runner.position, seconds, projects: await readStore.collection('projects').count({}) };
await runner.stop();
await store.close();
console.log(JSON.stringify(result));
