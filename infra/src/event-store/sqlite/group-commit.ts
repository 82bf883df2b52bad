/**
 * Group commit planning: turns the appends queued during one tick into the rows
 * of ONE transaction. Each append is checked against its own expected revision,
 * in queue order, so appends to the same stream within a group see each other.
 * A failing append is rejected alone; the others still go in.
 */
import type { AppendResult, ExpectedRevision } from '../../ports/event-store.ts';
import { satisfiesExpected, wrongExpectedRevision } from '../expected-revision.ts';
import { eventHashOfCanonical } from '../hash.ts';
import type { StreamHead } from './stream-heads.ts';

/** An event already serialised at append time (canonical JSON). */
export interface SerializedEvent {
  type: string;
  schemaVersion: number;
  dataJson: string;
  metadataJson: string;
}

export interface PendingAppend {
  stream: string;
  expected: ExpectedRevision;
  events: SerializedEvent[];
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

/** position, stream, revision, type, schema_version, data, metadata, hash */
export type InsertRow = [number, string, number, string, number, string, string, string];

export interface AcceptedAppend {
  append: PendingAppend;
  result: AppendResult;
}

export interface GroupPlan {
  rows: InsertRow[];
  accepted: AcceptedAppend[];
  /** Stream heads after the group commits, to publish into the cache. */
  newHeads: Map<string, StreamHead>;
  lastPosition: number;
}

export function planGroup(
  group: PendingAppend[],
  currentHead: (stream: string) => StreamHead,
  headPosition: number,
): GroupPlan {
  const plan: GroupPlan = { rows: [], accepted: [], newHeads: new Map(), lastPosition: headPosition };
  for (const append of group) {
    const head = plan.newHeads.get(append.stream) ?? currentHead(append.stream);
    if (!satisfiesExpected(append.expected, head.revision)) {
      append.reject(wrongExpectedRevision(append.stream, append.expected, head.revision));
      continue;
    }
    const newHead = addRows(plan, append, head);
    plan.newHeads.set(append.stream, newHead);
    plan.accepted.push({ append, result: { revision: newHead.revision, position: plan.lastPosition } });
  }
  return plan;
}

function addRows(plan: GroupPlan, append: PendingAppend, head: StreamHead): StreamHead {
  let { revision, hash } = head;
  for (const event of append.events) {
    revision += 1;
    plan.lastPosition += 1;
    const identity = { stream: append.stream, revision, type: event.type, schemaVersion: event.schemaVersion };
    hash = eventHashOfCanonical(hash, identity, event.dataJson, event.metadataJson);
    plan.rows.push([
      plan.lastPosition,
      append.stream,
      revision,
      event.type,
      event.schemaVersion,
      event.dataJson,
      event.metadataJson,
      hash,
    ]);
  }
  return { revision, hash };
}
