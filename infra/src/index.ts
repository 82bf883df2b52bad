export * from './ports/event-store.ts';
export * from './ports/bus.ts';
export * from './ports/read-store.ts';
export * from './ports/blob-store.ts';
export * from './ports/id-allocator.ts';
export * from './ports/writer-lease.ts';
export * from './ports/aggregate-snapshots.ts';
export * from './event-store/hash.ts';
export * from './event-store/verify.ts';
export * from './event-store/export-seal.ts';
export * from './event-store/sqlite/verify-file.ts';
export * from './event-store/sqlite/sqlite-event-store.ts';
export * from './event-store/sqlite/log-follower.ts';
export * from './event-store/sqlite/log-head.ts';
export * from './event-store/sqlite/log-reader.ts';
export * from './event-store/sqlite/writer-lock.ts';
export * from './id-allocator/sqlite-id-allocator.ts';
export * from './id-allocator/event-store-id-allocator.ts';
export * from './aggregate-snapshots/sqlite-aggregate-snapshots.ts';
export * from './bus/subject.ts';
export * from './bus/memory-bus.ts';
export * from './blob-store/fs-blob-store.ts';
export * from './read-store/remote/remote-read-store.ts';
export * from './read-store/renamed/renamed-read-store.ts';
export * from './bus/nats-server-process.ts';
// The adapters with a client library of their own (KurrentDB, NATS, MongoDB) are imported directly where they are chosen,
// '@testament/infra/event-store/kurrentdb/kurrentdb-event-store', '@testament/infra/bus/nats-bus' and
// '@testament/infra/read-store/mongodb/mongo-read-store': a process (or thread) that uses none of them does not load their
// libraries, 250–300 ms of every start. Test support is imported directly, never through here: contract suites (they import vitest) from
// '@testament/infra/bus/contract' and '@testament/infra/blob-store/contract', the seeded random numbers
// of benchmarks and fault tests from '@testament/infra/testing/seeded-random'.
export * from './collections/lru-map.ts';
export * from './discovery/declared-modules.ts';
export * from './event-loop/time-slices.ts';
export * from './threads/ts-worker.ts';
export * from './threads/thread-requests.ts';
export * from './threads/requests-thread.ts';
export * from './read-store/sqlite/sqlite-read-store.ts';
export * from './read-store/sqlite/writer-lease.ts';
export * from './read-store/shared/scan.ts';
