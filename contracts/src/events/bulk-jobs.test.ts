import { describe, expect, it } from 'vitest';
import { eventCatalog, upcast } from './index.ts';

describe('bulk job events', () => {
  it('reads a job stored before jobs took cases: its tests become its items, and the data passes the current schema', () => {
    const stored = {
      jobId: 4,
      projectId: 3,
      userId: 7,
      operation: { kind: 'delete' },
      testIds: [11, 12],
      chunkSize: 50,
      background: false,
      planId: null,
    };
    const current = upcast('BulkJobRequested', 1, stored);
    expect(current).toEqual({
      jobId: 4,
      projectId: 3,
      userId: 7,
      operation: { kind: 'delete' },
      itemIds: [11, 12],
      chunkSize: 50,
      background: false,
      planId: null,
    });
    // A job asked before tokens were kept was asked in a session, as far as its events tell.
    expect(eventCatalog.BulkJobRequested!.schema.parse(current)).toEqual({ ...(current as object), token: null });
  });

  it('reads a failure stored then: the test it stopped at becomes the item', () => {
    const current = upcast('BulkJobFailed', 1, { jobId: 4, projectId: 3, done: 2, testId: 13, reason: 'gone' });
    expect(current).toEqual({ jobId: 4, projectId: 3, done: 2, itemId: 13, reason: 'gone' });
    expect(eventCatalog.BulkJobFailed!.schema.parse(current)).toEqual(current);
    expect(upcast('BulkJobFailed', 2, current)).toBe(current);
  });
});
