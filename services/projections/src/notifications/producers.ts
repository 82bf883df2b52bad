import {
  bulkJobPlaces,
  JOB_END_NOTIFICATIONS,
  streams,
  NotificationAction,
  notificationTemplates,
  type AccessRequestEvent,
  type BulkJobEvent,
  type ProjectEvent,
  type TestEvent,
} from '@testament/contracts';
import { ACCESS_REQUESTS, accessRequestKey, type AccessRequestDocument } from '../access-requests/access-requests-projection.ts';
import { BULK_JOBS, type BulkJobDocument } from '../bulk-jobs/bulk-jobs-projection.ts';
import { PLANS, type PlanDocument } from '../plans/plan-document.ts';
import { PROJECTS, type ProjectDocument } from '../projects/project-document.ts';
import { ROLE_CATALOG, ROLE_CATALOG_ID, membersGranted, type RoleCatalogDocument } from '../roles/role-catalog.ts';
import type { DocumentKey, EventOf, ProjectedEvent, ProjectionView } from '../runner/projection.ts';
import { TESTS, type TestDocument } from '../tests/test-document.ts';
import { USERS, type StoredUserDocument } from '../users/user-document.ts';
import { NOTIFICATION_SUBSCRIBERS, NOTIFICATIONS, notificationKey, type NotificationDocument } from './notification-document.ts';
import { activeSuperusers, NOTIFICATION_AUDIENCES, SUPERUSERS, superusersOf } from './superusers.ts';

/** A notification the event produces, before delivery filters it by subscription. */
export interface Produced {
  recipientId: number;
  actionCode: number;
  template: string;
  projectId: number;
  placeholderText: string;
  placeholderLink: string;
  /** Told to the actor too: the end of their own bulk job is news to them. */
  toActor?: boolean;
}

type AccessRequested = Extract<AccessRequestEvent, { type: 'AccessRequested' }>;
type MemberRolesSet = Extract<ProjectEvent, { type: 'ProjectMemberRolesSet' }>;
type TestAssigned = Extract<TestEvent, { type: 'TestAssigned' }>;
type BulkJobEnded = Extract<BulkJobEvent, { type: 'BulkJobFinished' | 'BulkJobFailed' }>;

/** The events that produce notifications. */
export const PRODUCING_EVENTS = ['AccessRequested', 'ProjectMemberRolesSet', 'TestAssigned', 'BulkJobFinished', 'BulkJobFailed'] as const;
export type ProducingEvent = AccessRequested | MemberRolesSet | TestAssigned | BulkJobEnded;

const projectIdOf = (event: ProjectedEvent) => streams.project.idOf(event.stream);
const overviewLink = (projectId: number) => `/projects/${projectId}/overview`;

/**
 * Access requested → every member whose roles grant change_project in that
 * project (§3.1); when it has none, the superusers, who manage every project.
 */
function accessRequested(event: EventOf<AccessRequested>, view: ProjectionView, actor: string): Produced[] {
  const { projectId, reason } = event.data;
  const project = view.get<ProjectDocument>(PROJECTS, projectId);
  const catalog = view.get<RoleCatalogDocument>(ROLE_CATALOG, ROLE_CATALOG_ID);
  if (!project || !catalog) return [];
  const managers = membersGranted(catalog, project.members, 'change_project');
  const recipients = managers.length > 0 ? managers : activeSuperusers(superusersOf(view));
  return recipients.map((recipientId) => ({
    recipientId,
    actionCode: NotificationAction.accessRequested,
    template: notificationTemplates.accessRequested(actor, reason),
    projectId,
    placeholderText: project.name,
    placeholderLink: `/projects/${projectId}/access-management`,
  }));
}

/**
 * Roles set → the member: their request was granted, they were added, their
 * roles changed, or they were removed. Reads the project as it was before the
 * event, so this projection folds before the projects read model.
 */
function memberRolesSet(event: EventOf<MemberRolesSet>, view: ProjectionView, actor: string): Produced[] {
  const { userId, roleIds } = event.data;
  const projectId = projectIdOf(event);
  const project = view.get<ProjectDocument>(PROJECTS, projectId);
  if (!project || project.isDeleted) return [];
  const wasMember = project.members.some((member) => member.userId === userId);
  const pending = view.get<AccessRequestDocument>(ACCESS_REQUESTS, accessRequestKey(projectId, userId))?.pending === true;
  const about = { recipientId: userId, projectId, placeholderText: project.name, placeholderLink: overviewLink(projectId) };
  if (roleIds.length === 0) {
    return wasMember
      ? [{ ...about, actionCode: NotificationAction.accessRemoved, template: notificationTemplates.removedFromProject(actor) }]
      : [];
  }
  const template = pending
    ? notificationTemplates.accessGranted(actor)
    : wasMember
      ? notificationTemplates.rolesChanged(actor)
      : notificationTemplates.addedToProject(actor);
  return [{ ...about, actionCode: NotificationAction.accessGranted, template }];
}

/**
 * A test assigned → its new assignee (code 0) and the one it was taken from
 * (code 1); only real changes are assignments (D11). The placeholder is the
 * test by its case's name, linked to the test in its plan.
 */
function testAssigned(event: EventOf<TestAssigned>, view: ProjectionView, actor: string): Produced[] {
  const { testId, projectId, assigneeId, previousAssigneeId } = event.data;
  const test = view.get<TestDocument>(TESTS, testId);
  if (!test) return [];
  const about = {
    projectId,
    placeholderText: `Test ${test.name}`,
    placeholderLink: `/projects/${projectId}/plans/${test.planId}?test=${testId}`,
  };
  return [
    ...(assigneeId === null
      ? []
      : [
          {
            ...about,
            recipientId: assigneeId,
            actionCode: NotificationAction.testAssigned,
            template: notificationTemplates.testAssigned(actor),
          },
        ]),
    ...(previousAssigneeId === null
      ? []
      : [
          {
            ...about,
            recipientId: previousAssigneeId,
            actionCode: NotificationAction.testUnassigned,
            template: notificationTemplates.testUnassigned(actor),
          },
        ]),
  ];
}

/**
 * A job that ran in the background ended → the user who asked for it (code 4
 * for every kind of bulk job, §4.11; `JOB_END_NOTIFICATIONS`): what it did,
 * finished, or where it stopped and why; "in test plan <name>" when all its
 * tests were in one plan, else "in project <name>", linking to the project's
 * plans, or its suites for a job on cases or an import. A job answered at once needs no notice.
 */
function jobEnded(event: EventOf<BulkJobEnded>, view: ProjectionView): Produced[] {
  const job = view.get<BulkJobDocument>(BULK_JOBS, event.data.jobId);
  const project = view.get<ProjectDocument>(PROJECTS, event.data.projectId);
  if (!job?.background || !project) return [];
  const plan = job.planId === null ? undefined : view.get<PlanDocument>(PLANS, job.planId);
  const projectId = project._id;
  const place = plan
    ? { placeholderText: bulkJobPlaces.inPlan(plan.name), placeholderLink: `/projects/${projectId}/plans/${plan._id}` }
    : {
        placeholderText: bulkJobPlaces.inProject(project.name),
        placeholderLink: `/projects/${projectId}/${job.kind === 'cases' || job.kind === 'import' ? 'suites' : 'plans'}`,
      };
  const template =
    event.type === 'BulkJobFinished'
      ? notificationTemplates.jobFinished[job.kind](
          event.data.done,
          (job.report?.outcomes.failed ?? 0) + (job.report?.outcomes.error ?? 0),
          job.report?.skippedCount ?? 0,
        )
      : notificationTemplates.jobFailed(event.data.done, job.total, event.data.reason);
  return [{ recipientId: job.userId, actionCode: JOB_END_NOTIFICATIONS[job.kind], template, projectId, ...place, toActor: true }];
}

/** What a bulk job's end needs that only its job document names: its plan, and its owner's new notification. */
export function bulkJobDependents(event: EventOf<ProducingEvent>, view: Pick<ProjectionView, 'get'>): DocumentKey[] {
  if (event.type !== 'BulkJobFinished' && event.type !== 'BulkJobFailed') return [];
  const job = view.get<BulkJobDocument>(BULK_JOBS, event.data.jobId);
  if (!job?.background) return [];
  return [...(job.planId === null ? [] : [[PLANS, job.planId] as const]), [NOTIFICATIONS, notificationKey(job.userId, event.position)]];
}

/** The documents an event that produces notifications needs. */
export function producerKeys(event: EventOf<ProducingEvent>): DocumentKey[] {
  if (event.type === 'BulkJobFinished' || event.type === 'BulkJobFailed') {
    return [
      [BULK_JOBS, event.data.jobId],
      [PROJECTS, event.data.projectId],
      ...[...new Set(Object.values(JOB_END_NOTIFICATIONS))].map((code) => [NOTIFICATION_SUBSCRIBERS, code] as const),
    ];
  }
  if (event.type === 'TestAssigned') {
    const { testId, assigneeId, previousAssigneeId } = event.data;
    return [
      [TESTS, testId],
      [NOTIFICATION_SUBSCRIBERS, NotificationAction.testAssigned],
      [NOTIFICATION_SUBSCRIBERS, NotificationAction.testUnassigned],
      ...[assigneeId, previousAssigneeId].flatMap((userId) =>
        userId === null ? [] : [[NOTIFICATIONS, notificationKey(userId, event.position)] as const],
      ),
    ];
  }
  if (event.type === 'AccessRequested') {
    // The recipients' new documents are not named: unknown before the project is read, and
    // new anyway. A replay after a crash writes them again, identical, before any later change.
    return [
      [PROJECTS, event.data.projectId],
      [ROLE_CATALOG, ROLE_CATALOG_ID],
      [NOTIFICATION_SUBSCRIBERS, NotificationAction.accessRequested],
      [NOTIFICATION_AUDIENCES, SUPERUSERS],
    ];
  }
  const projectId = projectIdOf(event);
  return [
    [PROJECTS, projectId],
    [ACCESS_REQUESTS, accessRequestKey(projectId, event.data.userId)],
    [NOTIFICATION_SUBSCRIBERS, NotificationAction.accessGranted],
    [NOTIFICATION_SUBSCRIBERS, NotificationAction.accessRemoved],
    [NOTIFICATIONS, notificationKey(event.data.userId, event.position)],
  ];
}

/** The notifications an event produces, before delivery filters them by subscription. */
export function producedBy(event: EventOf<ProducingEvent>, view: ProjectionView, actor: string): Produced[] {
  switch (event.type) {
    case 'AccessRequested':
      return accessRequested(event, view, actor);
    case 'ProjectMemberRolesSet':
      return memberRolesSet(event, view, actor);
    case 'TestAssigned':
      return testAssigned(event, view, actor);
    case 'BulkJobFinished':
    case 'BulkJobFailed':
      return jobEnded(event, view);
  }
}

export function actorName(event: ProjectedEvent, view: ProjectionView): string {
  const actorId = event.metadata.actorId;
  return actorId === null ? 'system' : (view.get<StoredUserDocument>(USERS, actorId)?.username ?? 'unknown');
}

export function notificationDocument(event: ProjectedEvent, produced: Produced, actor: string): NotificationDocument {
  return {
    _id: notificationKey(produced.recipientId, event.position),
    id: event.position,
    recipientId: produced.recipientId,
    actionCode: produced.actionCode,
    actorId: event.metadata.actorId,
    actor,
    timestamp: event.metadata.time,
    unread: true,
    isDeleted: false,
    message: { template: produced.template, placeholderText: produced.placeholderText, placeholderLink: produced.placeholderLink },
    projectId: produced.projectId,
  };
}
