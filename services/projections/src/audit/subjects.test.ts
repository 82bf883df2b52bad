import { describe, expect, it } from 'vitest';
import { actionOf, subjectOf } from './subjects.ts';

describe('what an audit row is about', () => {
  it('places an integration by its project catalogue and names the action', () => {
    const event = { stream: 'integrations-project-3', type: 'IntegrationCreated', data: { id: 7, projectId: 3, name: 'Jenkins' } };
    expect(subjectOf(event)).toEqual({ type: 'integration', id: 7, projectId: 3, related: [] });
    expect(actionOf('IntegrationRemoved')).toBe('removed');
  });

  it('names every catalogue’s objects by its resource in the singular, the system-wide ones too', () => {
    const typeIn = (stream: string) => subjectOf({ stream, type: 'Whatever', data: { id: 1 } }).type;
    expect(
      ['statuses', 'labels', 'parameters', 'custom-attributes', 'integrations'].map((resource) => typeIn(`${resource}-project-3`)),
    ).toEqual(['status', 'label', 'parameter', 'custom_attribute', 'integration']);
    expect(typeIn('statuses-system')).toBe('status');
  });

  it('reads an event’s declared action before its suffix', () => {
    expect(actionOf('ResultAdded')).toBe('result_added');
    expect(actionOf('NotificationDeleted')).toBe('other');
    expect(actionOf('CaseDeleted')).toBe('deleted');
    expect(actionOf('SomethingNew')).toBe('changed');
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
