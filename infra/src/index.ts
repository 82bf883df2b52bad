export * from './ports/event-store.ts';
export * from './ports/bus.ts';
export * from './ports/read-store.ts';
export * from './ports/blob-store.ts';
export * from './ports/id-allocator.ts';
export * from './event-store/hash.ts';
export * from './event-store/verify.ts';
export * from './event-store/sqlite/verify-file.ts';
export * from './event-store/sqlite/sqlite-event-store.ts';
export * from './event-store/sqlite/log-follower.ts';
export * from './event-store/kurrentdb/kurrentdb-event-store.ts';
export * from './id-allocator/sqlite-id-allocator.ts';
export * from './id-allocator/event-store-id-allocator.ts';
export * from './bus/subject.ts';
export * from './bus/memory-bus.ts';
export * from './bus/nats-bus.ts';
export * from './blob-store/fs-blob-store.ts';
export * from './read-store/memory/memory-read-store.ts';
export * from './read-store/memory/snapshot.ts';
export * from './read-store/remote/remote-read-store.ts';
export * from './read-store/mongodb/mongo-read-store.ts';
// Test support other packages' tests need; contract suites (they import vitest) are
// imported directly from '@testament/infra/bus/contract' and '@testament/infra/blob-store/contract'.
export * from './testing/nats-server.ts';
export * from './testing/seeded-random.ts';
export * from './collections/lru-map.ts';
export * from './event-loop/time-slices.ts';
export * from './threads/ts-worker.ts';
