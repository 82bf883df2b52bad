/**
 * Read models kept across a restart (docs/architecture.md, *Read-model
 * snapshots*): a memory store's read models are written to a file when the
 * server stops, and the next start restores them and folds only the events
 * appended since, instead of the whole log.
 *
 * A snapshot is only ever a shortcut to what a fold from position 0 would give,
 * so it is taken only while it still is one: the code that folded it must be
 * the code running now (a hash of the folds' and the events' sources), and the
 * log must still hold, at the snapshot's position, the event it was folded up to.
 * Anything else, or a file cut short, and the start folds the whole log as before.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSnapshotHeader, restoreMemorySnapshot, writeMemorySnapshot, type EventStore, type MemoryReadStore } from '@testament/infra';
import type { ProjectionRunner } from './projection-runner.ts';

/** What a snapshot's header says it is. */
export interface ReadModelStamp {
  /** The fold code it was made by (`foldCode`). */
  code: string;
  /** How far its read models had folded. */
  position: number;
  /** The hash of the event at `position`, which the log must still hold there (null at position 0). */
  eventHash: string | null;
}

type Log = Pick<EventStore, 'readAll'>;

let foldCodeHash: string | undefined;

/** A hash of every source file that decides what a fold makes: the read models' and the event contracts' (upcasts included). */
export function foldCode(): string {
  if (foldCodeHash) return foldCodeHash;
  const hash = createHash('sha256');
  const roots = [dirname(dirname(fileURLToPath(import.meta.url))), dirname(fileURLToPath(import.meta.resolve('@testament/contracts')))];
  for (const root of roots) {
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts')).sort();
    for (const file of files) hash.update(relative(root, join(root, file))).update('\0').update(readFileSync(join(root, file))).update('\0');
  }
  return (foldCodeHash = hash.digest('hex'));
}

async function eventHashAt(log: Log, position: number): Promise<string | null | undefined> {
  if (position === 0) return null;
  const [event] = await log.readAll(position - 1, 1);
  return event?.position === position ? event.hash : undefined;
}

/** Writes the runner's read models, as they are now, to `file`; the runner must be stopped. Nothing is written when their position cannot be pinned to an event. */
export async function saveReadModels(runner: ProjectionRunner, readStore: MemoryReadStore, log: Log, file: string): Promise<{ documents: number; bytes: number } | undefined> {
  const position = runner.position;
  const eventHash = await eventHashAt(log, position);
  if (eventHash === undefined) return undefined;
  const stamp: ReadModelStamp = { code: foldCode(), position, eventHash };
  return writeMemorySnapshot(readStore, file, stamp, runner.collectionNames());
}

/**
 * Restores the runner's read models from `file` into the empty store when the snapshot still
 * fits the code and the log; `start` then folds from its position. Undefined when it does not
 * (or cannot be read): the store is left empty and `start` folds from position 0.
 */
export async function restoreReadModels(runner: ProjectionRunner, readStore: MemoryReadStore, log: Log, file: string): Promise<{ position: number; documents: number } | undefined> {
  const stamp = readSnapshotHeader(file) as Partial<ReadModelStamp> | undefined;
  if (!stamp || stamp.code !== foldCode() || typeof stamp.position !== 'number') return undefined;
  if ((await eventHashAt(log, stamp.position)) !== stamp.eventHash) return undefined;
  const restored = await runner.prepareRestore();
  try {
    const { documents } = restoreMemorySnapshot(readStore, file);
    await restored(stamp.position);
    return { position: stamp.position, documents };
  } catch (error) {
    console.error(`the read-model snapshot ${file} could not be restored, folding the whole log instead:`, error);
    for (const name of runner.collectionNames()) await readStore.collection(name).clear();
    return undefined;
  }
}
