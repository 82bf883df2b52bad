import { ADMIN } from './server.ts';
import type { AuditExportLine } from '@testament/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import {
  apiSession,
  createCaseThroughApi,
  createPlanThroughApi,
  createProjectThroughApi,
  createUserThroughApi,
  expect,
  keepScreenshot,
  send,
  signIn,
  test,
  uniqueName,
} from './fixtures.ts';

/**
 * A project with the case Login works in suite Auth and a plan holding its test. A tester
 * (role User) renames the case, then rewrites its scenario, then adds a Passed result.
 */
async function arrange(api: APIRequestContext, baseURL: string) {
  const project = await createProjectThroughApi(api, baseURL, uniqueName('Audit'));
  const suite = (await send<{ id: number }>(api, baseURL, 'POST', '/api/v2/suites/', { name: 'Auth', project, parent: null })).id;
  const caseId = await createCaseThroughApi(api, baseURL, project, suite, 'Login works');
  const plan = await createPlanThroughApi(api, baseURL, project, 'Release', null, [caseId]);
  const test = ((await (await api.get(`/api/v2/tests/?project=${project}`)).json()) as { results: Array<{ id: number }> }).results[0]!.id;
  const statuses = (await (await api.get(`/api/v2/statuses/?project=${project}`)).json()) as Array<{ id: number; name: string }>;

  const tester = await createUserThroughApi(api, baseURL, 'tester');
  const roles = (await (await api.get('/api/v2/roles/')).json()) as { results: Array<{ id: number; name: string }> };
  await send(
    api,
    baseURL,
    'POST',
    '/api/v2/roles/assign/',
    { project, user: tester.id, roles: [roles.results.find((role) => role.name === 'User')!.id] },
    200,
  );
  const testerApi = await apiSession(baseURL, tester);
  const edit = (fields: { name: string; scenario: string }) =>
    send(testerApi, baseURL, 'PUT', `/api/v2/cases/${caseId}/`, { project, suite, labels: [], ...fields });
  await edit({ name: 'Login works well', scenario: 'Do it' });
  await edit({ name: 'Login works well', scenario: 'Open the page and sign in' });
  // A moment between the edits and the result, to look back to.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const beforeResult = new Date().toISOString();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const addResult = () =>
    send(testerApi, baseURL, 'POST', '/api/v2/results/', { test, status: statuses.find((status) => status.name === 'Passed')!.id });
  await addResult();
  return { project, suite, caseId, plan, beforeResult, tester: tester.username, addResult, done: () => testerApi.dispose() };
}

const trail = (page: Page) => page.getByRole('region', { name: 'Audit trail' });
const rows = (page: Page) =>
  trail(page)
    .getByRole('table', { name: /^Events of / })
    .locator(':scope > tbody > tr:not(.p-datatable-row-expansion)');
const total = (page: Page, count: number) => expect(trail(page).getByText(`Events: ${count}`, { exact: true })).toBeVisible();
/** The diff a row opens to: field, before and after per changed field. */
const diffOf = (page: Page) => trail(page).getByRole('table', { name: 'Changes' });

test(
  'the audit trail: a tester’s edits and result with their diffs, followed ' +
    'live, exported as NDJSON and verified; and the case drawer’s Audit tab',
  async ({ page, adminApi, baseURL }) => {
    test.slow(); // Arranging through the API, a download and a verification of the log.
    const { project, suite, caseId, plan, beforeResult, tester, addResult, done } = await arrange(adminApi, baseURL!);
    await signIn(page);

    await test.step('the project’s Audit tab shows the tester’s three changes, newest first, in words', async () => {
      await page.goto(`/projects/${project}/overview`);
      await page.getByRole('menuitem', { name: 'Audit' }).click();
      await expect(page).toHaveURL(new RegExp(`/projects/${project}/audit$`));
      await expect(trail(page).getByRole('heading', { name: 'Audit trail' })).toBeVisible();
      // Everything the admin arranged is there too; the search by the tester's name leaves theirs.
      await page.getByRole('searchbox', { name: 'Search by object name or user' }).fill(tester);
      await total(page, 3);
      await expect(page).toHaveURL(new RegExp(`[?&]search=${tester}`));
      await expect(rows(page)).toHaveCount(3);
      await expect(rows(page).locator('td:nth-child(3)')).toHaveText([tester, tester, tester]);
      await expect(rows(page).locator('td:nth-child(4)')).toHaveText(['Result added', 'Changed', 'Changed']);
      await expect(rows(page).nth(0)).toContainText('Added a result to test “Login works well”: Passed');
      await expect(rows(page).nth(1)).toContainText('Changed test case “Login works well”: scenario');
      await expect(rows(page).nth(2)).toContainText('Changed test case “Login works well”: name');
      await expect(rows(page).nth(1).getByRole('link', { name: 'Login works well' })).toHaveAttribute(
        'href',
        `/projects/${project}/suites?test_case=${caseId}`,
      );
    });

    await test.step('each row opens to its diff', async () => {
      await rows(page).nth(2).getByRole('button', { name: 'Show the changes' }).click();
      await expect(diffOf(page).getByRole('row').filter({ hasText: 'Name' })).toHaveText(/NameLogin worksLogin works well/);
      await rows(page).nth(2).getByRole('button', { name: 'Hide the changes' }).click();
      await expect(diffOf(page)).toHaveCount(0);
      await rows(page).nth(1).getByRole('button', { name: 'Show the changes' }).click();
      await expect(diffOf(page).getByRole('row').filter({ hasText: 'Scenario' })).toHaveText(/ScenarioDo itOpen the page and sign in/);
      await rows(page).nth(1).getByRole('button', { name: 'Hide the changes' }).click();
      await rows(page).nth(0).getByRole('button', { name: 'Show the changes' }).click();
      await expect(diffOf(page).getByRole('row').filter({ hasText: 'Result: Status' })).toHaveText(/Result: Status—Passed/);
      await keepScreenshot(page, 'audit-trail');
      await rows(page).nth(0).getByRole('button', { name: 'Hide the changes' }).click();
    });

    await test.step('a new result shows without a reload', async () => {
      await addResult();
      await total(page, 4);
      await expect(rows(page).nth(0)).toContainText('Added a result to test “Login works well”: Passed');
    });

    await test.step('the NDJSON export carries the case’s events with their hash chain', async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        trail(page).getByRole('link', { name: 'Export NDJSON' }).click(),
      ]);
      const text = await readFile((await download.path())!, 'utf8');
      const lines = text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as AuditExportLine);
      expect(lines).toHaveLength(4);
      const ofCase = lines.filter((line) => line.stream === `case-${caseId}`);
      expect(ofCase.map((line) => line.type)).toEqual(['CaseVersioned', 'CaseVersioned']);
      for (const line of ofCase) {
        expect(line.hash).toMatch(/^[0-9a-f]{64}$/);
        expect(line.previous_hash).toMatch(/^[0-9a-f]{64}$/);
      }
      // The second edit follows the first in the case's stream.
      expect(ofCase[1]!.revision).toBe(ofCase[0]!.revision + 1);
      expect(ofCase[1]!.previous_hash).toBe(ofCase[0]!.hash);
    });

    await test.step('Verify re-hashes the project’s streams and finds them intact', async () => {
      await trail(page).getByRole('button', { name: 'Verify' }).click();
      await expect(trail(page).getByRole('status')).toHaveText(
        /^The log is intact: [\d,]+ events in [\d,]+ streams checked in [\d,]+ ms \(up to position \d+\)\.$/,
      );
    });

    await test.step('the case drawer’s Audit tab shows the two edits after the case’s creation', async () => {
      await page.goto(`/projects/${project}/suites/${suite}?test_case=${caseId}`);
      await page.getByRole('tab', { name: 'Audit' }).click();
      const history = page.getByRole('table', { name: 'Audit trail of this object' });
      const historyRows = history.locator(':scope > tbody > tr:not(.p-datatable-row-expansion)');
      await expect(historyRows).toHaveCount(3);
      await expect(historyRows.locator('td:nth-child(3)')).toHaveText(['admin', tester, tester]);
      await expect(historyRows.locator('td:nth-child(4)')).toHaveText([
        'CreatedCreated test case “Login works”',
        'ChangedChanged test case “Login works well”: name',
        'ChangedChanged test case “Login works well”: scenario',
      ]);
      await historyRows.nth(2).getByRole('button', { name: 'Show the changes' }).click();
      await expect(history.getByRole('table', { name: 'Changes' }).getByRole('row').filter({ hasText: 'Scenario' })).toHaveText(
        /ScenarioDo itOpen the page and sign in/,
      );
      await keepScreenshot(page, 'case-drawer-audit');
    });

    await test.step('the plan’s statistics as of before the results: untested, under a banner; Back to now shows them passed', async () => {
      await page.goto(`/projects/${project}/plans/${plan}?as_of=${encodeURIComponent(beforeResult)}`);
      const statistics = page.getByRole('region', { name: 'Statistics' });
      const banner = statistics.getByText(/^Showing this plan as of /);
      await expect(banner).toBeVisible();
      const legend = (status: string) =>
        statistics.getByRole('figure', { name: 'Tests count' }).getByRole('listitem').filter({ hasText: status });
      await expect(legend('UNTESTED')).toHaveText('UNTESTED1100%');
      await keepScreenshot(page, 'plan-statistics-as-of');
      await statistics.getByRole('button', { name: 'Back to now' }).click();
      await expect(page).not.toHaveURL(/as_of=/);
      await expect(legend('PASSED')).toHaveText('PASSED1100%');
      await expect(banner).toHaveCount(0);
    });

    await done();
  },
);

test(
  'a bulk job is one row of the audit trail that opens to its events ' + 'a page at a time; filtering by action lists them one by one',
  async ({ page, adminApi, baseURL }) => {
    test.slow(); // 55 cases arranged through the API.
    const project = await createProjectThroughApi(adminApi, baseURL!, uniqueName('Audit job'));
    const suite = (await send<{ id: number }>(adminApi, baseURL!, 'POST', '/api/v2/suites/', { name: 'Many', project, parent: null })).id;
    const cases: number[] = [];
    for (let n = 1; n <= 55; n++) cases.push(await createCaseThroughApi(adminApi, baseURL!, project, suite, `Case ${n}`));
    const plan = await createPlanThroughApi(adminApi, baseURL!, project, 'Everything', null, cases);
    const tester = await createUserThroughApi(adminApi, baseURL!, 'assignee');
    await send(adminApi, baseURL!, 'PUT', '/api/v2/tests/bulk-update/', { project, current_plan: plan, assignee_id: tester.id }, 200);
    await signIn(page, ADMIN, `/projects/${project}/audit`);

    const job = rows(page).filter({ hasText: 'Started a bulk operation: assigning tests (items: 55)' });
    await expect(job).toHaveCount(1);
    // Two chunks: 55 assignments, each chunk's mark and progress, and the end.
    await expect(job).toContainText('Events: 60');
    await expect(rows(page).filter({ hasText: 'Assigned test' })).toHaveCount(0);
    await expect(rows(page).locator('td:first-child').filter({ hasText: 'false' })).toHaveCount(0);

    await job.getByRole('button', { name: 'Show the operation’s events (60)' }).click();
    const group = trail(page).getByRole('region', { name: 'Events of the operation' });
    const members = group
      .getByRole('table', { name: 'Events of the operation' })
      .locator(':scope > tbody > tr:not(.p-datatable-row-expansion)');
    await expect(members).toHaveCount(50);
    await expect(members.first()).toContainText(new RegExp(`Assigned test “Case \\d+” to ${tester.username}`));
    await keepScreenshot(page, 'audit-bulk-job');
    await group.getByRole('button', { name: 'Page 2' }).click();
    await expect(members).toHaveCount(10);
    await expect(members.last()).toContainText('Bulk operation finished: assigning tests');
    await expect(members.nth(-2)).toContainText('Bulk operation progressed: assigning tests: items done: 55');

    await page.goto(`/projects/${project}/audit?action=assigned`);
    await total(page, 55);
    await expect(rows(page).filter({ hasText: 'Started a bulk operation' })).toHaveCount(0);
  },
);
