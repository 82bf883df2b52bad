import type { AUDIT_HISTORY_TYPES, AuditEvent } from '@testament/contracts';
import type { User } from '../../session/user.ts';
import { userProfilePath } from '../../entities/user/activity-user.ts';
import { planPaths } from '../../entities/plan/plan-paths.ts';
import { suitePaths } from '../../shared/tree/suite-paths.ts';

/** Objects whose whole life `audit/objects/{type}/{id}/` answers. */
export type AuditHistoryType = (typeof AUDIT_HISTORY_TYPES)[number];

/** An object gone by this very event has no screen to open. */
const GONE_BY = new Set<AuditEvent['action']>(['deleted', 'removed']);

/**
 * Where the app shows a row's object: a suite or a plan on its page, a case in its drawer on the
 * suites page (`?test_case=`), a test in its drawer on the plans page (`?test=`), the project's
 * overview; a user for those who may look them up, roles for superusers. Null for the rest.
 */
export function auditObjectPath(
  event: Pick<AuditEvent, 'object' | 'project' | 'action'>,
  reader: Pick<User, 'username' | 'is_superuser'>,
): string | null {
  if (GONE_BY.has(event.action)) return null;
  const { type, id, name } = event.object;
  const projectId = type === 'project' ? id : event.project;
  switch (type) {
    case 'user':
      return name ? userProfilePath(name, reader) : null;
    case 'role':
      return reader.is_superuser ? '/administration/roles' : null;
  }
  if (projectId === null) return null;
  switch (type) {
    case 'project':
      return `/projects/${projectId}/overview`;
    case 'suite':
      return suitePaths.suite(projectId, id);
    case 'case':
      return `${suitePaths.root(projectId)}?${new URLSearchParams({ test_case: String(id) })}`;
    case 'plan':
      return planPaths.plan(projectId, id);
    case 'test':
      return planPaths.test(projectId, null, id);
    default:
      return null;
  }
}
