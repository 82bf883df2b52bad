import { WrongExpectedRevisionError, type ExpectedRevision } from '../ports/event-store.ts';

/** Revision of a stream's last event, -1 when the stream does not exist. */
export type CurrentRevision = number;

export const NO_STREAM_REVISION: CurrentRevision = -1;

export function satisfiesExpected(expected: ExpectedRevision, current: CurrentRevision): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return current === NO_STREAM_REVISION;
  return current === expected;
}

export function wrongExpectedRevision(stream: string, expected: ExpectedRevision, current: CurrentRevision): WrongExpectedRevisionError {
  return new WrongExpectedRevisionError(stream, expected, current === NO_STREAM_REVISION ? 'no_stream' : current);
}
