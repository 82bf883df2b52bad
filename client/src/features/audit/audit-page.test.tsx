import type { AuditEvent } from '@testament/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { announceChange, topics } from '../../app/changes.ts';
import { aUser, scriptedServerPerTest } from '../../testing/scripted-server.ts';
import { anAuditEvent } from '../../testing/audit-fixtures.ts';
import { AuditTrail } from './components/AuditTrail.tsx';
import { ObjectHistory } from './ObjectHistory.tsx';

const EVENTS = 'GET /api/v2/audit/events/?project=1';
const FIRST_PAGE = `${EVENTS}&ordering=-position&page=1&page_size=50&group=jobs`;
const envelope = (results: AuditEvent[], { count = results.length, head = 40, current = 1 } = {}) => ({
  status: 200,
  body: {
    links: { next: null, previous: null },
    count,
    pages: { next: null, previous: null, current, total: Math.max(1, Math.ceil(count / 50)) },
    head,
    results,
  },
});

const edited = anAuditEvent(40, '2026-06-03T15:30:00Z', {
  changes: [
    { field: 'name', before: 'Login', after: 'Login works' },
    { field: 'scenario', before: 'Open the page', after: 'x'.repeat(400) },
    { field: 'version', before: 1, after: 2 },
  ],
});
const resulted = anAuditEvent(39, '2026-06-03T09:15:00Z', {
  stream: 'test-5',
  event_type: 'ResultAdded',
  action: 'result_added',
  object: { type: 'test', id: 5, name: 'Login works' },
  related: [{ type: 'result', id: 11 }],
  changes: [
    { field: 'last_status', before: null, after: 'Passed' },
    { field: 'result.status', before: null, after: 'Passed' },
  ],
});
const created = anAuditEvent(38, '2026-06-02T08:00:00Z', {
  actor: null,
  event_type: 'CaseCreated',
  action: 'created',
  changes: [{ field: 'name', before: null, after: 'Login' }],
});
/** Project 4: a bulk job of 60 assignments shown as its request's row, and a sign-in, which has nothing to open. */
const JOB_EVENTS = 'GET /api/v2/audit/events/?project=4';
const jobStarted = anAuditEvent(50, '2026-06-04T10:00:00Z', {
  stream: 'bulk-jobs-4-7',
  event_type: 'BulkJobRequested',
  action: 'created',
  object: { type: 'bulk_job', id: 9, name: 'assign' },
  project: 4,
  changes: [{ field: 'items', before: null, after: 60 }],
  correlation_id: 'bulk-job-4-9',
  group: { events: 60 },
});
const signedIn = anAuditEvent(49, '2026-06-04T09:00:00Z', {
  stream: 'sessions-7',
  event_type: 'UserSessionStarted',
  action: 'signed_in',
  object: { type: 'user', id: 7, name: 'alice' },
  project: 4,
});
const jobMembers = Array.from({ length: 60 }, (_, index) =>
  index === 59
    ? anAuditEvent(111, '2026-06-04T10:00:05Z', {
        stream: 'bulk-jobs-4-7',
        event_type: 'BulkJobProgressed',
        action: 'other',
        object: { type: 'bulk_job', id: 9, name: 'assign' },
        project: 4,
        correlation_id: 'bulk-job-4-9',
      })
    : anAuditEvent(51 + index, '2026-06-04T10:00:01Z', {
        stream: `test-${index}`,
        event_type: 'TestAssigned',
        action: 'assigned',
        object: { type: 'test', id: index, name: `Test ${index}` },
        project: 4,
        changes: [{ field: 'assignee', before: null, after: 'bob' }],
        correlation_id: 'bulk-job-4-9',
      }),
);
const verification = { ok: true, project: 1, events_checked: 1234, streams_checked: 17, head: 40, took_ms: 12.4, first_break: null };

const net = scriptedServerPerTest(
  {
    [FIRST_PAGE]: envelope([edited, resulted, created], { count: 120 }),
    [`${EVENTS}&action=result_added&ordering=-position&page=1&page_size=50`]: envelope([resulted]),
    [`${EVENTS}&ordering=-position&page=2&page_size=50&position_lte=40&group=jobs`]: envelope([created], { count: 120, current: 2 }),
    'GET /api/v2/audit/events/?project=2&ordering=-position&page=1&page_size=50&group=jobs': {
      status: 403,
      body: { detail: 'You do not have permission to read the audit trail of this project.' },
    },
    'GET /api/v2/audit/verify/?project=1': { status: 200, body: verification },
    'GET /api/v2/audit/events/?ordering=-position&page=1&page_size=50&group=jobs': envelope([{ ...edited, project: 3 }], { count: 1 }),
    [`${JOB_EVENTS}&ordering=-position&page=1&page_size=50&group=jobs`]: envelope([jobStarted, signedIn], { head: 120 }),
    [`${JOB_EVENTS}&correlation_id=bulk-job-4-9&position_gt=50&position_lte=120&ordering=position&page=1&page_size=50`]: envelope(
      jobMembers.slice(0, 50),
      { count: 60 },
    ),
    [`${JOB_EVENTS}&correlation_id=bulk-job-4-9&position_gt=50&position_lte=120&ordering=position&page=2&page_size=50`]: envelope(
      jobMembers.slice(50),
      { count: 60, current: 2 },
    ),
    'GET /api/v2/audit/verify/': {
      status: 200,
      body: {
        ...verification,
        ok: false,
        project: null,
        first_break: { stream: 'case-300', revision: 2, position: 38, reason: 'hash mismatch' },
      },
    },
    'GET /api/v2/users/?page=1&page_size=20': { status: 200, body: { count: 1, results: [aUser(7, 'alice')] } },
    'GET /api/v2/audit/objects/case/300/?page=1&page_size=10': envelope([created, edited], { head: 40 }),
    'GET /api/v2/audit/objects/test/5/?page=1&page_size=10': {
      status: 403,
      body: { detail: 'You do not have permission to read the audit trail of this project.' },
    },
  },
  aUser(1, 'admin', { is_superuser: true }),
);

beforeAll(() => {
  process.env.TZ = 'UTC'; // Day headers are the reader's days.
});

function renderTrail(projectId = 1, at = `/projects/${projectId}/audit`) {
  const router = createMemoryRouter([{ path: '/projects/:projectId/audit', element: <AuditTrail projectId={projectId} /> }], {
    initialEntries: [at],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const shownEvents = (count: number) => screen.findByText(`Events: ${count}`, {}, { timeout: 5000 });
const calls = (prefix: string) => net.server.calls.filter((call) => call.startsWith(prefix));

describe('the audit page', () => {
  it('shows the events by the reader’s day: time, user, action, object and what happened, in the reader’s words', async () => {
    renderTrail();
    expect(await shownEvents(120)).toBeTruthy();
    const trail = screen.getByRole('region', { name: 'Audit trail' });
    expect(
      within(trail)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Wednesday, June 3, 2026', 'Tuesday, June 2, 2026']);
    const [header, editRow, resultRow] = within(screen.getByRole('table', { name: 'Events of Wednesday, June 3, 2026' })).getAllByRole(
      'row',
    );
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['', 'Time', 'User', 'Action', 'Object', 'What happened']);
    expect(
      within(editRow!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.trim()),
    ).toEqual(['', '3:30:00 PM', 'alice', 'Changed', 'Test caseLogin works', 'Changed test case “Login works”: name and scenario']);
    expect(within(editRow!).getByRole('link', { name: 'Login works' }).getAttribute('href')).toBe('/projects/1/suites?test_case=300');
    expect(within(editRow!).getByRole('link', { name: 'alice' }).getAttribute('href')).toBe('/administration/users?username=alice');
    expect(within(resultRow!).getByText('Added a result to test “Login works”: Passed')).toBeTruthy();
    expect(within(resultRow!).getByRole('link', { name: 'Login works' }).getAttribute('href')).toBe('/projects/1/plans?test=5');
    const [, createdRow] = within(screen.getByRole('table', { name: 'Events of Tuesday, June 2, 2026' })).getAllByRole('row');
    expect(within(createdRow!).getAllByRole('cell')[2]!.textContent).toBe('System');
  });

  it('opens a row to its diff: field, before and after, long values cut short', async () => {
    renderTrail();
    await shownEvents(120);
    const editRow = within(screen.getByRole('table', { name: 'Events of Wednesday, June 3, 2026' })).getAllByRole('row')[1]!;
    await userEvent.click(within(editRow).getByRole('button', { name: 'Show the changes' }));
    const diff = await screen.findByRole('table', { name: 'Changes' });
    const rows = within(diff)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows[0]).toEqual(['Field', 'Before', 'After']);
    expect(rows[1]).toEqual(['Name', 'Login', 'Login works']);
    expect(rows[2]![2]).toBe(`${'x'.repeat(159)}…`);
    expect(rows[3]).toEqual(['Version', '1', '2']);
    await userEvent.click(within(editRow).getByRole('button', { name: 'Hide the changes' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Changes' })).toBeNull());
  });

  it('filters by action into the address, and Clear takes it away', async () => {
    const router = renderTrail();
    await shownEvents(120);
    await userEvent.click(document.querySelector('#audit-action')!.closest('.p-multiselect')!);
    await userEvent.click(await screen.findByRole('option', { name: 'Result added', hidden: true }));
    expect(await shownEvents(1)).toBeTruthy();
    expect(router.state.location.search).toBe('?action=result_added');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await shownEvents(120)).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('exports what the filters select, and verifies the project’s log', async () => {
    renderTrail(1, '/projects/1/audit?action=result_added&page=2&anchor=40');
    const ndjson = await screen.findByRole('link', { name: 'Export NDJSON' });
    expect(ndjson.getAttribute('href')).toBe('/api/v2/audit/export/?format=ndjson&project=1&action=result_added');
    expect(ndjson.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/v2/audit/export/?format=csv&project=1&action=result_added',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The log is intact: 1,234 events in 17 streams checked in 12 ms (up to position 40).')).toBeTruthy();
  });

  it('anchors the second page to the head the first answered, and follows the log live on the first', async () => {
    const router = renderTrail();
    await shownEvents(120);
    const before = calls(FIRST_PAGE).length;
    act(() => announceChange(topics.audit(1)));
    await waitFor(() => expect(calls(FIRST_PAGE).length).toBe(before + 1));
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&anchor=40'));
    await waitFor(() =>
      expect(calls(`${EVENTS}&ordering=-position&page=2`)).toEqual([
        `${EVENTS}&ordering=-position&page=2&page_size=50&position_lte=40&group=jobs`,
      ]),
    );
    // Anchored, the page stays; a new event only says there are newer ones.
    act(() => announceChange(topics.audit(1)));
    expect(await screen.findByText('Newer events have been recorded since this page was opened.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show the newest' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it(
    'reads the whole system’s trail without a project, linking ' + 'each row into its own project, and shows where the log breaks',
    async () => {
      const router = createMemoryRouter([{ path: '/administration/audit', element: <AuditTrail projectId={null} /> }], {
        initialEntries: ['/administration/audit'],
      });
      render(<RouterProvider router={router} />);
      expect(await shownEvents(1)).toBeTruthy();
      expect(screen.getByRole('region', { name: 'Audit trail of the whole system' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Login works' }).getAttribute('href')).toBe('/projects/3/suites?test_case=300');
      expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/v2/audit/export/?format=csv');
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText('The log does not verify: stream case-300, revision 2, position 38: hash mismatch')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Close the verification result' }));
      await waitFor(() => expect(screen.queryByText(/The log does not verify/)).toBeNull());
    },
  );

  it('shows a bulk job as one row that opens to its events, a page at a time; a row with nothing to open has no control', async () => {
    renderTrail(4);
    const table = await screen.findByRole('table', { name: 'Events of Thursday, June 4, 2026' }, { timeout: 5000 });
    const [, jobRow, signInRow] = within(table).getAllByRole('row');
    expect(within(signInRow!).getAllByRole('cell')[0]!.textContent).toBe('');
    expect(within(signInRow!).queryByRole('button')).toBeNull();
    expect(
      within(jobRow!)
        .getAllByRole('cell')
        .slice(4)
        .map((cell) => cell.textContent),
    ).toEqual(['Bulk operationAssigning tests', 'Started a bulk operation: assigning tests (items: 60)Events: 60']);

    await userEvent.click(within(jobRow!).getByRole('button', { name: 'Show the operation’s events (60)' }));
    const members = await screen.findByRole('table', { name: 'Events of the operation' }, { timeout: 5000 });
    expect(within(members).getAllByRole('row')).toHaveLength(51);
    expect(within(members).getAllByRole('row')[1]!.textContent).toContain('Assigned test “Test 0” to bob');
    await userEvent.click(within(screen.getByRole('region', { name: 'Events of the operation' })).getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Events of the operation' })).getAllByRole('row')).toHaveLength(11),
    );
    expect(screen.getByText('Bulk operation progressed: assigning tests')).toBeTruthy();
    await userEvent.click(within(jobRow!).getByRole('button', { name: 'Hide the operation’s events' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Events of the operation' })).toBeNull());
  });

  it('offers the event types by their names in the reader’s language', async () => {
    renderTrail();
    await shownEvents(120);
    await userEvent.click(document.querySelector('#audit-event-type')!.closest('.p-multiselect')!);
    expect(await screen.findByRole('option', { name: 'Test case created', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'CaseCreated', hidden: true })).toBeNull();
  });

  it('tells who may not read the project’s audit trail so', async () => {
    renderTrail(2);
    expect(await screen.findByText('You may not read this project’s audit trail.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
  });
});

describe('an object’s history from the audit trail', () => {
  it('lists the object’s life oldest first with its diffs, followed live', async () => {
    render(
      <RouterProviderFor>
        <ObjectHistory projectId={1} type="case" id={300} />
      </RouterProviderFor>,
    );
    const table = await screen.findByRole('table', { name: 'Audit trail of this object' }, { timeout: 5000 });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['', 'Time', 'User', 'What happened']);
    expect(
      rows.slice(1).map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Jun 2, 2026 8:00:00 AM', 'System', 'CreatedCreated test case “Login works”'],
      ['Jun 3, 2026 3:30:00 PM', 'alice', 'ChangedChanged test case “Login works”: name and scenario'],
    ]);
    const before = calls('GET /api/v2/audit/objects/case/300/').length;
    act(() => announceChange(topics.audit(1)));
    await waitFor(() => expect(calls('GET /api/v2/audit/objects/case/300/').length).toBe(before + 1));
  });

  it('tells who may not read the audit trail so', async () => {
    render(
      <RouterProviderFor>
        <ObjectHistory projectId={1} type="test" id={5} />
      </RouterProviderFor>,
    );
    expect(await screen.findByText('You may not read this project’s audit trail.', {}, { timeout: 5000 })).toBeTruthy();
  });
});

/** The history's links need a router around them. */
function RouterProviderFor({ children }: { children: React.ReactNode }) {
  const router = createMemoryRouter([{ path: '*', element: children }]);
  return <RouterProvider router={router} />;
}
