import { describe, expect, it } from 'vitest';
import { actionOf, subjectOf } from './subjects.ts';

describe('what an audit row is about', () => {
  it('places an integration by its project catalogue and names the action', () => {
    const event = { stream: 'integrations-project-3', type: 'IntegrationCreated', data: { id: 7, projectId: 3, name: 'Jenkins' } };
    expect(subjectOf(event)).toEqual({ type: 'integration', id: 7, projectId: 3, related: [] });
    expect(actionOf('IntegrationRemoved')).toBe('removed');
  });

  it('places a group as a system-wide object', () => {
    expect(subjectOf({ stream: 'groups', type: 'GroupChanged', data: { groupId: 2, name: 'Testers' } })).toEqual({ type: 'group', id: 2, projectId: null, related: [] });
    expect(actionOf('GroupDeleted')).toBe('deleted');
  });
});
