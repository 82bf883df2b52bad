import { topics, streams } from '@testament/contracts';
import type { CaseEvent, PlanEvent, ProjectEvent, SuiteEvent, TestEvent } from '@testament/contracts';
import { CASES, caseContribution, contributionAfter, type CaseDocument } from '../cases/case-document.ts';
import { PLANS, type PlanDocument } from '../plans/plan-document.ts';
import { TESTS, type TestDocument } from '../tests/test-document.ts';
import { projection, type EventOf, type ProjectionView } from '../runner/projection.ts';
import { PROJECT_TOTALS, PROJECTS, type ProjectDocument } from './project-document.ts';
import { adjustTotals, TOTALS_KEYS, totalsShareOf } from './totals.ts';
import { withRoles } from '../roles/role-sets.ts';

/** The suite events that change a project's suite counter (§4.13 project counters). */
type SuiteCounting = Extract<SuiteEvent, { type: 'SuiteCreated' | 'SuiteDeleted' | 'SuiteRecovered' }>;
const SUITE_COUNTING: ReadonlySet<string> = new Set<SuiteCounting['type']>(['SuiteCreated', 'SuiteDeleted', 'SuiteRecovered']);
const countsSuites = (event: Counted): event is SuiteCounting => SUITE_COUNTING.has(event.type);

/** Every case event may change whether the case counts (§4.13: live, not archived). */
const CASE_COUNTING: ReadonlySet<string> = new Set<CaseEvent['type']>([
  'CaseCreated',
  'CaseArchived',
  'CaseUnarchived',
  'CaseDeleted',
  'CaseRecovered',
]);
const countsCases = (event: EventOf<Counted>): event is EventOf<CaseEvent> => CASE_COUNTING.has(event.type);

/** The plan and test events that may change whether a plan or a test counts (live, not archived). */
type PlanCounting = Extract<PlanEvent, { type: 'PlanCreated' | 'PlanArchived' | 'PlanUnarchived' | 'PlanDeleted' | 'PlanRecovered' }>;
const PLAN_COUNTING: ReadonlySet<string> = new Set<PlanCounting['type']>([
  'PlanCreated',
  'PlanArchived',
  'PlanUnarchived',
  'PlanDeleted',
  'PlanRecovered',
]);
const countsPlans = (event: EventOf<Counted>): event is EventOf<PlanCounting> => PLAN_COUNTING.has(event.type);
type TestCounting = Extract<TestEvent, { type: 'TestCreated' | 'TestArchived' | 'TestUnarchived' | 'TestDeleted' | 'TestRecovered' }>;
const TEST_COUNTING: ReadonlySet<string> = new Set<TestCounting['type']>([
  'TestCreated',
  'TestArchived',
  'TestUnarchived',
  'TestDeleted',
  'TestRecovered',
]);
const countsTests = (event: EventOf<Counted>): event is EventOf<TestCounting> => TEST_COUNTING.has(event.type);

type Counted = ProjectEvent | SuiteCounting | CaseEvent | PlanCounting | TestCounting;

const projectIdOf = (event: EventOf<Counted>) =>
  countsCases(event) || countsTests(event)
    ? event.data.projectId
    : countsPlans(event)
      ? streams.plans.idOf(event.stream)
      : SUITE_COUNTING.has(event.type)
        ? streams.suites.idOf(event.stream)
        : streams.project.idOf(event.stream);

/** The plans an event changes (a subtree's, the plan first), or its test. */
const planIdsOf = (event: EventOf<PlanCounting>) => (event.type === 'PlanCreated' ? [event.data.id] : event.data.planIds);

type Lifecycle = Pick<PlanDocument | TestDocument, 'isArchive' | 'isDeleted'>;
const counts = (item: Lifecycle | undefined) => (item && !item.isArchive && !item.isDeleted ? 1 : 0);

/** A plan or test after a lifecycle event, as its own read model folds it; undefined for one it does not know. */
function lifecycleAfter(before: Lifecycle | undefined, event: PlanCounting | TestCounting): Lifecycle | undefined {
  switch (event.type) {
    case 'PlanCreated':
      return { isArchive: event.data.isArchive, isDeleted: false };
    case 'TestCreated':
      return { isArchive: false, isDeleted: false };
    case 'PlanArchived':
    case 'TestArchived':
      return before && { ...before, isArchive: true };
    case 'PlanUnarchived':
    case 'TestUnarchived':
      return before && { ...before, isArchive: false };
    case 'PlanDeleted':
    case 'TestDeleted':
      return before && { ...before, isDeleted: true };
    case 'PlanRecovered':
    case 'TestRecovered':
      return before && { ...before, isDeleted: false };
  }
}

/**
 * The project with its plan or test count moved by what the event changes in each plan (or the test) it names, each
 * read as it was before: a subtree or a bulk job's tests that were already archived or in the trash do not count twice.
 */
function withPlansOrTestsCounted(
  project: ProjectDocument | undefined,
  view: ProjectionView,
  event: EventOf<PlanCounting | TestCounting>,
): ProjectDocument | undefined {
  if (!project) return undefined;
  const [collection, ids, counter] = countsPlans(event)
    ? ([PLANS, planIdsOf(event), 'plans'] as const)
    : ([TESTS, [event.data.testId], 'tests'] as const);
  let added = 0;
  for (const id of ids) {
    const before = view.get<PlanDocument | TestDocument>(collection, id);
    added += counts(lifecycleAfter(before, event)) - counts(before);
  }
  if (added === 0) return undefined;
  return { ...project, counts: { ...project.counts, [counter]: project.counts[counter] + added } };
}

/** The project with its case count moved, or undefined when the event leaves it alone. */
function withCasesCounted(
  project: ProjectDocument | undefined,
  view: ProjectionView,
  event: EventOf<CaseEvent>,
): ProjectDocument | undefined {
  const previous = view.get<CaseDocument>(CASES, event.data.caseId);
  const added = (contributionAfter(previous, event) ? 1 : 0) - (caseContribution(previous) ? 1 : 0);
  if (!project || added === 0) return undefined;
  return { ...project, counts: { ...project.counts, cases: project.counts.cases + added } };
}

function withSuitesCounted(project: ProjectDocument | undefined, event: SuiteCounting): ProjectDocument | undefined {
  if (!project) return undefined;
  const added =
    event.type === 'SuiteCreated' ? 1 : event.type === 'SuiteRecovered' ? event.data.suiteIds.length : -event.data.suiteIds.length;
  return { ...project, counts: { ...project.counts, suites: project.counts.suites + added } };
}

function evolveProjectDocument(
  project: ProjectDocument | undefined,
  event: ProjectEvent,
  time: string,
  view: ProjectionView,
): ProjectDocument | undefined {
  if (event.type === 'ProjectCreated') {
    const { projectId, name, description, isPrivate, isArchive, settings, icon } = event.data;
    return {
      _id: projectId,
      name,
      nameKey: name.toLowerCase(),
      description,
      isPrivate,
      isArchive,
      isDeleted: false,
      settings,
      icon,
      members: [],
      counts: { suites: 0, cases: 0, plans: 0, tests: 0 },
      createdAt: time,
      updatedAt: time,
    };
  }
  if (!project) return undefined;
  // One plain copy (V8's fastest) per batch, changed in place by the batch's later events.
  const next = view.isUnsaved(PROJECTS, project) ? project : { ...project };
  next.updatedAt = time;
  change(next, event);
  return next;
}

function change(project: ProjectDocument, event: Exclude<ProjectEvent, { type: 'ProjectCreated' }>): void {
  switch (event.type) {
    case 'ProjectDetailsChanged':
      if (event.data.name !== undefined && event.data.name !== project.name) {
        project.name = event.data.name;
        project.nameKey = event.data.name.toLowerCase();
      }
      if (event.data.description !== undefined) project.description = event.data.description;
      return;
    case 'ProjectPrivacyChanged':
      project.isPrivate = event.data.isPrivate;
      return;
    case 'ProjectSettingsChanged':
      project.settings = { ...project.settings, ...event.data.settings };
      return;
    case 'ProjectIconChanged':
      project.icon = event.data.icon;
      return;
    case 'ProjectArchived':
      project.isArchive = true;
      return;
    case 'ProjectRestored':
      project.isArchive = false;
      return;
    case 'ProjectDeleted':
      project.isDeleted = true;
      return;
    case 'ProjectRecovered':
      project.isDeleted = false;
      return;
    case 'ProjectRemoved':
      // Taken out by the fold (apply) before it gets here.
      return;
    case 'ProjectMemberRolesSet':
      project.members = withRoles(project.members, 'userId', event.data.userId, event.data.roleIds);
  }
}

export const projectsProjection = projection<Counted>({
  name: 'projects',
  source: import.meta.url,
  collections: {
    // The dashboard's orders (queries.ts), each with `_id` last: by name without and with archived projects, and
    // by privacy then name (TestY's web app asks for that one by default). Rarer orders sort their matches.
    [PROJECTS]: {
      indexes: [
        { keys: { isDeleted: 1, isArchive: 1, nameKey: 1, _id: 1 } },
        { keys: { isDeleted: 1, nameKey: 1, _id: 1 } },
        { keys: { isDeleted: 1, isArchive: 1, isPrivate: 1, nameKey: 1, _id: 1 } },
        { keys: { 'members.userId': 1 } },
        // The dashboard's name search.
        { keys: { nameKey: 1 }, search: 'substring' },
      ],
    },
    [PROJECT_TOTALS]: { indexes: [], bounded: true },
  },
  handles: new Set([
    'ProjectCreated',
    'ProjectDetailsChanged',
    'ProjectPrivacyChanged',
    'ProjectSettingsChanged',
    'ProjectIconChanged',
    'ProjectArchived',
    'ProjectRestored',
    'ProjectDeleted',
    'ProjectRecovered',
    'ProjectRemoved',
    'ProjectMemberRolesSet',
    'SuiteCreated',
    'SuiteDeleted',
    'SuiteRecovered',
    ...(CASE_COUNTING as ReadonlySet<CaseEvent['type']>),
    ...(PLAN_COUNTING as ReadonlySet<PlanCounting['type']>),
    ...(TEST_COUNTING as ReadonlySet<TestCounting['type']>),
  ]),
  // Case, plan and test counts: whether one counted before the event is in its read model as it was.
  readsBefore: [CASES, PLANS, TESTS],
  keys: (event) => [
    [PROJECTS, projectIdOf(event)],
    ...TOTALS_KEYS,
    ...(countsCases(event) ? [[CASES, event.data.caseId] as const] : []),
    ...(countsPlans(event) ? planIdsOf(event).map((id) => [PLANS, id] as const) : []),
    ...(countsTests(event) ? [[TESTS, event.data.testId] as const] : []),
  ],
  apply(event, view) {
    const projectId = projectIdOf(event);
    const previous = view.get<ProjectDocument>(PROJECTS, projectId);
    // Taken before the fold, which may change an unsaved document in place.
    const counted = totalsShareOf(previous);
    if (event.type === 'ProjectRemoved') {
      // Only a deleted project is removed, and deleted projects count in no totals.
      view.remove(PROJECTS, projectId);
      view.notify(topics.projects);
      view.notify(topics.project(projectId));
      return;
    }
    const next = countsCases(event)
      ? withCasesCounted(previous, view, event)
      : countsPlans(event) || countsTests(event)
        ? withPlansOrTestsCounted(previous, view, event)
        : countsSuites(event)
          ? withSuitesCounted(previous, event)
          : evolveProjectDocument(previous, event, event.metadata.time, view);
    if (!next) return;
    view.put(PROJECTS, next);
    adjustTotals(view, counted, next);
    view.notify(topics.projects);
    view.notify(topics.project(projectId));
  },
});
