import { ConflictError, NotFoundError, PermissionDeniedError, type BulkJobEvent } from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import { given } from '../kernel/given-when-then.ts';
import { bulkJobsDecider } from './decide.ts';

const alice = { userId: 7, isSuperuser: false, isExternal: false };
const assign = { kind: 'assign' as const, assignee: { userId: 9, isSuperuser: false, isExternal: false } };
const request = {
  type: 'Request' as const,
  jobId: 4,
  projectId: 3,
  userId: 7,
  operation: assign,
  itemIds: [11, 12, 13, 14, 15],
  chunkSize: 2,
  background: true,
  planId: 6,
  token: null,
};
const requested: BulkJobEvent = {
  type: 'BulkJobRequested',
  data: {
    jobId: 4,
    projectId: 3,
    userId: 7,
    operation: assign,
    itemIds: [11, 12, 13, 14, 15],
    chunkSize: 2,
    background: true,
    planId: 6,
    token: null,
  },
};
const progressed = (done: number): BulkJobEvent => ({ type: 'BulkJobProgressed', data: { jobId: 4, projectId: 3, done } });

describe('bulk jobs decider', () => {
  it('accepts a job with its resolved tests, for the caller only, and refuses another while it runs (409)', () => {
    expect(given(bulkJobsDecider, []).when(request, alice)).toEqual([requested]);
    expect(() => given(bulkJobsDecider, []).when({ ...request, userId: 8 }, alice)).toThrow(PermissionDeniedError);
    expect(() => given(bulkJobsDecider, [requested]).when({ ...request, jobId: 5 }, alice)).toThrow(ConflictError);
    const finished: BulkJobEvent = { type: 'BulkJobFinished', data: { jobId: 4, projectId: 3, done: 5 } };
    expect(given(bulkJobsDecider, [requested, finished]).when({ ...request, jobId: 5 }, alice)).toHaveLength(1);
  });

  it('takes cases the same way: a move and relabel of each, by the ids resolved when it was accepted', () => {
    const cases = { kind: 'cases' as const, suiteId: 21, labels: { action: 'add' as const, labelIds: [5, 6] } };
    const [event] = given(bulkJobsDecider, []).when({ ...request, operation: cases, itemIds: [31, 32], planId: null }, alice);
    expect(event).toEqual({ type: 'BulkJobRequested', data: { ...requested.data, operation: cases, itemIds: [31, 32], planId: null } });
  });

  it('moves forward only: a progress mark at or below the last one (a resumed chunk) records nothing', () => {
    expect(given(bulkJobsDecider, [requested]).when({ type: 'RecordProgress', jobId: 4, done: 2 }, alice)).toEqual([progressed(2)]);
    expect(given(bulkJobsDecider, [requested, progressed(4)]).when({ type: 'RecordProgress', jobId: 4, done: 2 }, alice)).toEqual([]);
    expect(given(bulkJobsDecider, [requested, progressed(4)]).when({ type: 'RecordProgress', jobId: 4, done: 4 }, alice)).toEqual([]);
    expect(given(bulkJobsDecider, [requested]).when({ type: 'RecordProgress', jobId: 4, done: 99 }, alice)).toEqual([progressed(5)]);
    expect(() => given(bulkJobsDecider, []).when({ type: 'RecordProgress', jobId: 4, done: 1 }, alice)).toThrow(NotFoundError);
  });

  it('ends once: finished with every test, or failed where it stopped; then nothing more', () => {
    expect(given(bulkJobsDecider, [requested, progressed(4)]).when({ type: 'Finish', jobId: 4 }, alice)).toEqual([
      { type: 'BulkJobFinished', data: { jobId: 4, projectId: 3, done: 5 } },
    ]);
    const failed: BulkJobEvent = {
      type: 'BulkJobFailed',
      data: { jobId: 4, projectId: 3, done: 2, itemId: 13, reason: 'The plan is deleted.' },
    };
    expect(
      given(bulkJobsDecider, [requested, progressed(2)]).when(
        { type: 'Fail', jobId: 4, itemId: 13, reason: 'The plan is deleted.' },
        alice,
      ),
    ).toEqual([failed]);
    for (const command of [
      { type: 'Finish' as const, jobId: 4 },
      { type: 'RecordProgress' as const, jobId: 4, done: 5 },
      { type: 'Fail' as const, jobId: 4, itemId: null, reason: 'x' },
    ]) {
      expect(given(bulkJobsDecider, [requested, failed]).when(command, alice)).toEqual([]);
    }
  });
});
