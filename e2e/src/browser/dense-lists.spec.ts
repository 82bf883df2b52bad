import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
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
  type Credentials,
} from './fixtures.ts';

/** The QA lead's screen (issue 45). */
const SCREEN = { width: 1440, height: 900 };
const TESTS = 600;
/**
 * Pages of 500 rows on a machine other builds share: a slow answer is no failure here (the spec checks the structure, and reports the
 * times).
 */
const SLOW = { timeout: 30_000 };

/**
 * A project whose suites a plain sort puts out of order (Area 10 before Area 2),
 * 600 cases with long names spread over them, and a plan of a test per case;
 * plans Sprint 9 and Sprint 10 beside it. Cases are made 25 at a time.
 */
async function arrange(api: APIRequestContext, baseURL: string) {
  const project = await createProjectThroughApi(api, baseURL, uniqueName('Dense lists'));
  const suite = async (name: string, parent: number | null = null) =>
    (await send<{ id: number }>(api, baseURL, 'POST', '/api/v2/suites/', { name, project, parent })).id;
  const areas = {
    'Area 10': await suite('Area 10'),
    'Area 2': await suite('Area 2'),
    'area 3': await suite('area 3'),
    'Area 1': await suite('Area 1'),
  };
  const nested = await suite('Payments by saved card, refunds and partial captures', areas['Area 1']);
  const homes = [areas['Area 1'], nested, areas['Area 2'], areas['area 3'], areas['Area 10']];
  // The first case makes the labels; the rest reuse them. Each suite gets 120.
  const cases = [
    await createCaseThroughApi(api, baseURL, project, homes[1]!, caseName(1), { labels: ['smoke', 'payments'], estimate: '5m' }),
  ];
  for (let made = 1; made < TESTS; made += 25) {
    const batch = Array.from({ length: Math.min(25, TESTS - made) }, (_, index) => made + index + 1);
    cases.push(
      ...(await Promise.all(
        batch.map((n) =>
          createCaseThroughApi(api, baseURL, project, homes[n % homes.length]!, caseName(n), {
            labels: ['smoke', 'payments'],
            estimate: '5m',
          }),
        ),
      )),
    );
  }
  const plan = await createPlanThroughApi(api, baseURL, project, 'Release 2.4 regression', null, cases);
  await createPlanThroughApi(api, baseURL, project, 'Sprint 10', null, []);
  await createPlanThroughApi(api, baseURL, project, 'Sprint 9', null, []);
  return { project, plan, areas, nested };
}

const caseName = (n: number) =>
  `Customer completes the checkout with a saved card and sees the receipt, case ${String(n).padStart(3, '0')}`;

/** A person of their own, so what this spec keeps in a user config (widths, page size, statistics closed) touches no other spec. */
async function signInAsNewUser(page: Page, api: APIRequestContext, baseURL: string): Promise<Credentials> {
  const person = await createUserThroughApi(api, baseURL, 'lead');
  await page.setViewportSize(SCREEN);
  await signIn(page, person);
  return person;
}

const testsTable = (page: Page) => page.getByRole('table', { name: 'Tests' });
const bodyRows = (table: Locator) => table.locator(':scope > tbody > tr');
const header = (page: Page, name: string) => testsTable(page).getByRole('columnheader', { name, exact: true });
const width = async (locator: Locator) => (await locator.boundingBox())!.width;

/** How many of the table's rows are wholly on the screen. */
async function rowsOnScreen(table: Locator): Promise<number> {
  const boxes = await bodyRows(table).evaluateAll((rows) =>
    rows.map((row) => row.getBoundingClientRect()).map(({ top, bottom }) => ({ top, bottom })),
  );
  return boxes.filter(({ top, bottom }) => top >= 0 && bottom <= SCREEN.height).length;
}

/**
 * Scrolls a table's rows (the virtual scroller, or the table's own area) from top to bottom 400 pixels a frame, as a wheel would; the time
 * between frames says how smooth that was.
 */
async function scrollThrough(wrapper: Locator) {
  return wrapper.evaluate(async (outer) => {
    const element = outer.querySelector('.p-virtualscroller') ?? outer;
    const gaps: number[] = [];
    let last = performance.now();
    for (let top = 0; top <= element.scrollHeight; top += 400) {
      element.scrollTop = top;
      await new Promise((resolve) =>
        (globalThis as unknown as { requestAnimationFrame(callback: () => void): number }).requestAnimationFrame(() => resolve(undefined)),
      );
      const now = performance.now();
      gaps.push(now - last);
      last = now;
    }
    gaps.sort((a, b) => a - b);
    return { steps: gaps.length, median: gaps[Math.floor(gaps.length / 2)]!, worst: gaps.at(-1)! };
  });
}

/** Picks a page size in the tests table's paginator. */
async function choosePageSize(page: Page, size: number) {
  await page.locator('.list-view .p-paginator .p-dropdown').click();
  await page
    .locator('.p-dropdown-panel')
    .getByRole('option', { name: String(size), exact: true })
    .click();
}

test(
  'at 1440×900 a plan’s tests are dense: the name has room, statistics fold away ' +
    'for the person, a page of 500 keeps the DOM small, and a dragged width stays',
  async ({ page, adminApi, baseURL, openBrowser }) => {
    test.setTimeout(360_000); // 600 cases to make, and pages of 50, 100 and 500 rows scrolled through, on a shared machine.
    const { plan, project } = await arrange(adminApi, baseURL!);
    const person = await signInAsNewUser(page, adminApi, baseURL!);
    await page.goto(`/projects/${project}/plans/${plan}`);
    await expect(page.getByText(`Tests: ${TESTS}`)).toBeVisible(SLOW);
    await expect(bodyRows(testsTable(page))).toHaveCount(10, SLOW);

    await test.step('the name gets the room, every row one line', async () => {
      const nameWidth = await width(header(page, 'Name'));
      const suiteWidth = await width(header(page, 'Test suite'));
      console.log(`Name column ${nameWidth} px, Test Suite ${suiteWidth} px (issue: ~80 and ~60)`);
      expect(nameWidth).toBeGreaterThanOrEqual(300);
      expect(suiteWidth).toBeGreaterThanOrEqual(180);
      const heights = await bodyRows(testsTable(page)).evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
      expect(new Set(heights.map(Math.round))).toEqual(new Set([40]));
      // A cut name shows whole on hover.
      await expect(testsTable(page).getByRole('link', { name: caseName(1) })).toHaveAttribute('title', caseName(1));
      await keepScreenshot(page, 'dense-plan-tests-open-statistics');
    });

    await test.step('the statistics fold to their header, for this person in any browser', async () => {
      const before = await rowsOnScreen(testsTable(page));
      await page.getByRole('button', { name: 'Hide statistics' }).click();
      await expect(page.getByRole('button', { name: 'Show statistics' })).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByRole('region', { name: 'Tests Count' })).toHaveCount(0);
      await page.evaluate('window.scrollTo(0, 0)');
      const after = await rowsOnScreen(testsTable(page));
      const top = (await testsTable(page).boundingBox())!.y;
      console.log(
        `rows wholly on the first screen: ${before} with the statistics open, ${after} folded; the table starts at ${Math.round(top)} px`,
      );
      expect(after).toBeGreaterThan(before);
      expect(top).toBeLessThan(450);

      const elsewhere = await openBrowser();
      await elsewhere.setViewportSize(SCREEN);
      await signIn(elsewhere, person, `/projects/${project}/plans/${plan}`);
      await expect(elsewhere.getByRole('button', { name: 'Show statistics' })).toHaveAttribute('aria-expanded', 'false', SLOW);
      await expect(elsewhere.getByText(`Tests: ${TESTS}`)).toBeVisible(SLOW);
    });

    await test.step(
      'a page of 500: the virtual scroller keeps about a screen of rows ' + 'in the document, and scrolls to the last',
      async () => {
        const table = testsTable(page);
        const shownAfter: Record<number, number> = {};
        const scrolled: Record<number, { steps: number; median: number; worst: number }> = {};
        // Pages of 50 (every row drawn, the baseline) and of 100 and 500 (virtual): how long each takes to show, and to scroll through.
        for (const size of [50, 100, 500]) {
          const started = Date.now();
          await choosePageSize(page, size);
          await expect(page.locator('.list-view .p-paginator .p-dropdown')).toContainText(String(size), SLOW);
          await expect(table.getByRole('link', { name: caseName(1) })).toBeVisible(SLOW);
          await expect(page.locator('.list-view .p-datatable-loading-overlay')).toHaveCount(0, SLOW);
          shownAfter[size] = Date.now() - started;
          scrolled[size] = await scrollThrough(page.locator('.list-view .p-datatable-wrapper'));
        }
        await expect(table.getByRole('link', { name: caseName(500) })).toBeVisible(SLOW);
        const drawn = await bodyRows(table).count();
        const report = [50, 100, 500].map(
          (size) =>
            `${size} rows: shown after ${shownAfter[size]} ms, scrolled ` +
            `in ${scrolled[size]!.steps} steps of a frame every ${scrolled[size]!.median.toFixed(0)} ` +
            `ms (median; slowest ${scrolled[size]!.worst.toFixed(0)} ms)`,
        );
        console.log(`a page of 500 keeps ${drawn} rows in the document\n${report.join('\n')}`);
        test
          .info()
          .annotations.push(
            { type: 'rows in the document at 500', description: String(drawn) },
            { type: 'pages', description: report.join('; ') },
          );
        expect(drawn).toBeLessThan(60);
        await expect(page.locator('.list-view .p-virtualscroller')).toBeVisible();
        await page.evaluate('window.scrollTo(0, 0)'); // A whole-page picture of a scrolled page draws the sticky header mid-page.
        await keepScreenshot(page, 'dense-plan-tests-500');

        // The size is the person's: the page opens with pages of 500 again.
        await page.reload();
        await expect(page.locator('.list-view .p-paginator .p-dropdown')).toContainText('500', SLOW);
      },
    );

    await test.step('dragging the name’s edge widens it, and the width stays after a reload', async () => {
      await choosePageSize(page, 20);
      await expect(bodyRows(testsTable(page))).toHaveCount(20, SLOW);
      await expect(page.locator('.list-view .p-datatable-loading-overlay')).toHaveCount(0, SLOW);
      const before = await width(header(page, 'Name'));
      const handle = header(page, 'Name').locator('.p-column-resizer');
      await handle.hover();
      const box = (await handle.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 5 });
      await page.mouse.move(box.x + 120, box.y + box.height / 2, { steps: 5 });
      await page.mouse.up();
      const dragged = await width(header(page, 'Name'));
      expect(dragged).toBeGreaterThan(before + 100);
      await expect
        .poll(
          async () =>
            (
              (await (await page.request.get('/api/v2/users/me/config/')).json()) as {
                ui?: { tests_table?: { column_widths?: { name?: number } } };
              }
            ).ui?.tests_table?.column_widths?.name,
        )
        .toBeGreaterThan(before + 100);
      await page.reload();
      await expect(bodyRows(testsTable(page))).toHaveCount(20, SLOW);
      expect(Math.abs((await width(header(page, 'Name'))) - dragged)).toBeLessThanOrEqual(2);
      await keepScreenshot(page, 'dense-plan-tests-wide-name');

      await page.getByRole('button', { name: 'Columns' }).click();
      await page.getByRole('button', { name: 'Default widths' }).click();
      await expect.poll(() => width(header(page, 'Name')), SLOW).toBeLessThan(dragged - 100);
    });
  },
);

test('the suite and plan trees go in natural order and count each suite’s cases, live; the lists’ trees keep names on one line', async ({
  page,
  adminApi,
  baseURL,
}) => {
  test.slow();
  const { project, areas, nested } = await arrange(adminApi, baseURL!);
  await signInAsNewUser(page, adminApi, baseURL!);
  await page.goto(`/projects/${project}/suites`);
  const suites = page.getByRole('tree', { name: 'Test suites' });
  await expect(suites.getByRole('treeitem')).toHaveCount(4, SLOW);
  const counted = async () =>
    suites
      .getByRole('treeitem')
      .evaluateAll((items) =>
        items.map(
          (item) => `${item.getAttribute('aria-label')}: ${item.querySelector(':scope > .suite-node .suite-node__count')?.textContent}`,
        ),
      );
  // 600 cases round the five suites: Area 1 holds its own 120 and its nested suite's 120.
  expect(await counted()).toEqual(['Area 1: 240', 'Area 2: 120', 'area 3: 120', 'Area 10: 120']);
  await expect(suites.getByRole('treeitem', { name: 'Area 1', exact: true })).toHaveAttribute(
    'aria-description',
    'Cases in this suite and below: 240',
  );

  await test.step('a case made elsewhere counts at once, up the tree', async () => {
    await createCaseThroughApi(adminApi, baseURL!, project, nested, 'Refund to an expired card');
    await expect.poll(counted, SLOW).toEqual(['Area 1: 241', 'Area 2: 120', 'area 3: 120', 'Area 10: 120']);
    await keepScreenshot(page, 'dense-suite-tree');
  });

  await test.step('the cases tree keeps each name on one line, cut short with its count in view', async () => {
    await page.goto(`/projects/${project}/suites/${areas['Area 1']}`);
    const tree = page.getByRole('table', { name: 'Test cases' });
    // The table drawn with its cases first: a click while the page still draws the suite as it comes could land on a toolbar replaced.
    await expect(tree.getByRole('row').nth(1)).toBeVisible(SLOW);
    await page.getByRole('button', { name: 'Tree', exact: true }).click();
    const branch = tree.getByRole('row').filter({ hasText: 'Payments by saved card' });
    await expect(branch.locator('.list-view__branch-count')).toHaveText('121', SLOW);
    await expect(branch.locator('.list-view__branch-count')).toBeInViewport();
    const heights = await tree
      .locator(':scope > tbody > tr')
      .evaluateAll((rows) => rows.map((row) => Math.round(row.getBoundingClientRect().height)));
    expect(new Set(heights)).toEqual(new Set([40]));
    // The labels sit whole in their column.
    const labels = tree.locator('td.list-view__col-labels .list-view__labels').first();
    const [cell, tags] = await Promise.all([tree.locator('td.list-view__col-labels').first().boundingBox(), labels.boundingBox()]);
    expect(tags!.x + tags!.width).toBeLessThanOrEqual(cell!.x + cell!.width);
    await keepScreenshot(page, 'dense-cases-tree');
  });

  await test.step('the plans tree in natural order too', async () => {
    await page.goto(`/projects/${project}/plans`);
    const plans = page.getByRole('tree', { name: 'Test plans' });
    await expect(plans.getByRole('treeitem')).toHaveText(['Release 2.4 regression', 'Sprint 9', 'Sprint 10'], SLOW);
  });
});
