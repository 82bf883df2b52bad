import type { AuditEvent } from '@testament/contracts';

/** An event of the trail for tests: alice changed test case 300 "Login works" of project 1, then what a test gives. */
export function anAuditEvent(position: number, time: string, given: Partial<AuditEvent> = {}): AuditEvent {
  return {
    position,
    stream: 'case-300',
    revision: position,
    hash: `hash-${position}`,
    time,
    actor: { id: 7, username: 'alice' },
    token: null,
    event_type: 'CaseVersioned',
    action: 'changed',
    object: { type: 'case', id: 300, name: 'Login works' },
    related: [],
    project: 1,
    summary: 'alice changed test case "Login works"',
    changes: [],
    correlation_id: `correlation-${position}`,
    causation_id: null,
    group: null,
    ...given,
  };
}
