import { describe, expect, it } from 'vitest';
import { actionOf, subjectOf } from './subjects.ts';

describe('what an audit row is about', () => {
  it('places an integration by its project catalogue and names the action', () => {
    const event = { stream: 'integrations-project-3', type: 'IntegrationCreated', data: { id: 7, projectId: 3, name: 'Jenkins' } };
    expect(subjectOf(event)).toEqual({ type: 'integration', id: 7, projectId: 3, related: [] });
    expect(actionOf('IntegrationRemoved')).toBe('removed');
  });

  it('places a group as a system-wide object', () => {
    expect(subjectOf({ stream: 'groups', type: 'GroupChanged', data: { groupId: 2, name: 'Testers' } })).toEqual({
      type: 'group',
      id: 2,
      projectId: null,
      related: [],
    });
    expect(actionOf('GroupDeleted')).toBe('deleted');
  });
});

describe('what an audit row of a two-part stream is about', () => {
  it('places an access request by its project and user, and a bulk job chunk by its project', () => {
    expect(subjectOf({ stream: 'access-request-4-9', type: 'AccessRequested', data: {} })).toEqual({
      type: 'access_request',
      id: 9,
      projectId: 4,
      related: [{ type: 'user', id: 9 }],
    });
    expect(subjectOf({ stream: 'bulk-job-chunk-4-41-500', type: 'BulkJobChunkApplied', data: { jobId: 41 } })).toEqual({
      type: 'bulk_job',
      id: 41,
      projectId: 4,
      related: [],
    });
  });
});
