/**
 * Group commit planning: turns the appends queued during one tick into the rows
 * of ONE transaction. Each append is checked against its own expected revision,
 * in queue order, so appends to the same stream within a group see each other.
 * A failing append is rejected alone; the others still go in. An append to
 * several streams is checked whole before any of its rows are planned.
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

/** One stream's share of a queued append. */
export interface PendingStreamAppend {
  stream: string;
  expected: ExpectedRevision;
  events: SerializedEvent[];
}

/** An append waiting for its group: one stream's, or several streams' all or nothing. */
export interface PendingAppend {
  parts: PendingStreamAppend[];
  /** One result per part, in order. */
  resolve(results: AppendResult[]): void;
  reject(error: unknown): void;
}

/** position, stream, revision, type, schema_version, data, metadata, hash */
export type InsertRow = [number, string, number, string, number, string, string, string];

export interface AcceptedAppend {
  append: PendingAppend;
  results: AppendResult[];
}

export interface GroupPlan {
  rows: InsertRow[];
  accepted: AcceptedAppend[];
  /** Stream heads after the group commits, to publish into the cache. */
  newHeads: Map<string, StreamHead>;
  lastPosition: number;
}

export function planGroup(group: PendingAppend[], currentHead: (stream: string) => StreamHead, headPosition: number): GroupPlan {
  const plan: GroupPlan = { rows: [], accepted: [], newHeads: new Map(), lastPosition: headPosition };
  const headOf = (stream: string) => plan.newHeads.get(stream) ?? currentHead(stream);
  for (const append of group) {
    const unmet = append.parts.find((part) => !satisfiesExpected(part.expected, headOf(part.stream).revision));
    if (unmet) {
      append.reject(wrongExpectedRevision(unmet.stream, unmet.expected, headOf(unmet.stream).revision));
      continue;
    }
    const results = append.parts.map((part) => {
      const newHead = addRows(plan, part, headOf(part.stream));
      plan.newHeads.set(part.stream, newHead);
      return { revision: newHead.revision, position: plan.lastPosition };
    });
    plan.accepted.push({ append, results });
  }
  return plan;
}

function addRows(plan: GroupPlan, append: PendingStreamAppend, head: StreamHead): StreamHead {
  let { revision, hash } = head;
  for (const event of append.events) {
    revision += 1;
    plan.lastPosition += 1;
    const identity = { stream: append.stream, revision, type: event.type, schemaVersion: event.schemaVersion };
    hash = eventHashOfCanonical(hash, identity, event.dataJson, event.metadataJson);
    plan.rows.push([plan.lastPosition, append.stream, revision, event.type, event.schemaVersion, event.dataJson, event.metadataJson, hash]);
  }
  return { revision, hash };
}
