import { formatEstimate, type Test } from '@testament/contracts';
import type { ReadStore } from '@testament/infra';
import { findPlanTree, type PlanTree, type PlanTreeNode } from '@testament/projections/plans/queries';
import { findSuiteTree, suitesByIds, type SuiteTree } from '@testament/projections/suites/queries';
import { listLabels } from '@testament/projections/labels/queries';
import { listParameters } from '@testament/projections/parameters/queries';
import { listProjectStatuses } from '@testament/projections/statuses/queries';
import { storedUsersByIds } from '@testament/projections/users/queries';
import type { LabelDocument } from '@testament/projections/labels/labels-projection';
import type { ProjectDocument } from '@testament/projections/projects/project-document';
import type { StatusDocument } from '@testament/projections/statuses/statuses-projection';
import type { StoredUserDocument } from '@testament/projections/users/user-document';
import type { TestDocument } from '@testament/projections/tests/queries';
import { labelsOf } from './cases.ts';
import { avatarLink } from './users.ts';

/** A plan's title: its name, then its parameter values in brackets, ordered by group name (§3.4). */
export type PlanTitler = (node: Pick<PlanTreeNode, 'name' | 'parameterIds'>) => string;

/** What a project's plans and tests need to be shown: its trees, titles, statuses and labels. */
export interface PlanContext {
  project: ProjectDocument;
  plans: PlanTree;
  suites: SuiteTree;
  title: PlanTitler;
  statuses: Map<number, StatusDocument>;
  labels: Map<number, LabelDocument>;
}

export async function planContext(readStore: ReadStore, project: ProjectDocument): Promise<PlanContext> {
  const [plans, suites, parameters, statuses, labels] = await Promise.all([
    findPlanTree(readStore, project._id),
    findSuiteTree(readStore, project._id),
    listParameters(readStore, project._id),
    listProjectStatuses(readStore, project._id, project.settings.statusOrder),
    listLabels(readStore, project._id),
  ]);
  const byId = new Map(parameters.map((parameter) => [parameter._id, parameter]));
  const title: PlanTitler = ({ name, parameterIds }) => {
    const values = parameterIds
      .flatMap((id) => byId.get(id) ?? [])
      .sort((a, b) => (a.groupName < b.groupName ? -1 : a.groupName > b.groupName ? 1 : 0))
      .map((parameter) => parameter.data);
    return values.length === 0 ? name : `${name} [${values.join(', ')}]`;
  };
  return {
    project,
    plans,
    suites,
    title,
    statuses: new Map(statuses.map((status) => [status._id, status])),
    labels: new Map(labels.map((label) => [label._id, label])),
  };
}

/** The plan titles from the root down to the plan, joined with `/` (§2.8). */
export function planPath(context: PlanContext, planId: number): string {
  return context.plans
    .pathTo(planId)
    .map((node) => context.title(node))
    .join('/');
}

/** All that a page of tests needs besides the project's context: the assignees and the suites' descriptions. */
export interface TestShowing extends PlanContext {
  users: Map<number, StoredUserDocument>;
  suiteDescriptions: Map<number, string>;
  origin: string;
}

export async function testShowing(
  readStore: ReadStore,
  context: PlanContext,
  tests: readonly TestDocument[],
  origin: string,
): Promise<TestShowing> {
  const [users, suites] = await Promise.all([
    storedUsersByIds(
      readStore,
      tests.flatMap((test) => (test.assigneeId === null ? [] : [test.assigneeId])),
    ),
    suitesByIds(readStore, [...new Set(tests.map((test) => test.suiteId))]),
  ]);
  return { ...context, users, suiteDescriptions: new Map(suites.map((suite) => [suite._id, suite.description])), origin };
}

/** The Test object of §3.5. */
export function testRepresentation(test: TestDocument, showing: TestShowing): Test {
  const status = test.lastStatus === null ? undefined : showing.statuses.get(test.lastStatus);
  const assignee = test.assigneeId === null ? undefined : showing.users.get(test.assigneeId);
  return {
    id: test._id,
    project: test.projectId,
    case: test.caseId,
    plan: test.planId,
    suite: test.suiteId,
    name: test.name,
    last_status: test.lastStatus,
    last_status_name: status?.name ?? null,
    last_status_color: status?.color ?? null,
    assignee: test.assigneeId,
    assignee_username: assignee?.username ?? null,
    avatar_link: assignee ? avatarLink(assignee, showing.origin) : '',
    is_archive: test.isArchive,
    created_at: test.createdAt,
    updated_at: test.updatedAt,
    url: `${showing.origin}/api/v2/tests/${test._id}/`,
    labels: labelsOf(test.labelIds, showing.labels),
    suite_path: showing.suites.suitePath(test.suiteId),
    test_suite_description: showing.suiteDescriptions.get(test.suiteId) ?? '',
    estimate: formatEstimate(test.estimate),
    plan_path: planPath(showing, test.planId),
  };
}
