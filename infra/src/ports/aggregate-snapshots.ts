/**
 * AggregateSnapshots port: aggregate states the write side folded, kept so that a load after a restart reads one
 * row and the events after it instead of a whole stream. A snapshot is a cache of the log, never a source: it names
 * the last event folded into it (revision and hash), and is used only where the log still holds that event.
 */

export interface AggregateSnapshot {
  stream: string;
  /** The revision of the last event folded into the state, and that event's hash. */
  revision: number;
  hash: string;
  /** The code that folded it (`commandCodeVersion`): another code's snapshot is never used. */
  version: string;
  /** The state as its decider's codec encoded it, as JSON text. */
  state: string;
}

export interface AggregateSnapshots {
  /** The stream's snapshot made by code of `version`, if there is one. */
  get(stream: string, version: string): AggregateSnapshot | undefined;
  /** Keeps each snapshot unless one of a later revision by the same code is kept already. */
  put(snapshots: readonly AggregateSnapshot[]): void;
  /** Forgets the stream's snapshot (one the log no longer holds). */
  remove(stream: string): void;
  close(): void;
}
