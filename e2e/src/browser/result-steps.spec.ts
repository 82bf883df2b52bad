import type { Locator, Page } from '@playwright/test';
import {
  createPlanThroughApi,
  createProjectThroughApi,
  expect,
  keepScreenshot,
  send,
  signIn,
  test,
  toast,
  uniqueName,
} from './fixtures.ts';

const drawer = (page: Page) => page.locator('.test-drawer');
const adding = (page: Page) => drawer(page).getByRole('region', { name: 'Add result' });

/** Whether two boxes on screen share any point. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()];
  if (!one || !two) throw new Error('a box to compare is not on screen');
  return one.x < two.x + two.width && two.x < one.x + one.width && one.y < two.y + two.height && two.y < one.y + one.height;
}

/** Adds a result whose three steps all get one status, through the form's "all steps" control; the toast that says so. */
async function addResultToEveryStep(page: Page, other: string | null): Promise<Locator> {
  await drawer(page).getByRole('button', { name: 'Add result' }).click();
  const form = adding(page);
  await expect(form.getByRole('button', { name: 'Add' })).toBeDisabled();
  if (other === null) await form.getByRole('button', { name: 'Set all steps to Passed' }).click();
  else {
    await form.getByRole('button', { name: 'Set all steps to another status' }).click();
    await page.locator('.p-tieredmenu').getByRole('menuitem', { name: other }).click();
  }
  const expected = other ?? 'Passed';
  // The result's own status is the tester's to choose (the project has no default status).
  await form.locator('.p-dropdown', { has: page.getByLabel('Status', { exact: true }) }).click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: expected, exact: true }).click();
  for (const step of ['Step 1. Open the page', 'Step 2. Type the password', 'Step 3. Press Enter']) {
    await expect(form.locator('.field', { has: page.getByLabel(step, { exact: true }) }).locator('.p-dropdown-label')).toHaveText(expected);
  }
  await keepScreenshot(page, `result-form-all-steps-${expected.toLowerCase()}`);
  await form.getByRole('button', { name: 'Add' }).click();
  const notice = toast(page, 'Result added');
  await expect(notice).toBeVisible();
  return notice;
}

test('a result’s steps set at once, and its toast clear of the test drawer, narrow or widened', async ({ page, adminApi, baseURL }) => {
  const projectId = await createProjectThroughApi(adminApi, baseURL!, uniqueName('Toasts'));
  const suite = await send<{ id: number }>(adminApi, baseURL!, 'POST', '/api/v2/suites/', {
    name: 'Login',
    project: projectId,
    parent: null,
  });
  const created = await send<{ id: number }>(adminApi, baseURL!, 'POST', '/api/v2/cases/', {
    project: projectId,
    suite: suite.id,
    name: 'Sign in',
    is_steps: true,
    steps: ['Open the page', 'Type the password', 'Press Enter'].map((name, index) => ({ name, scenario: name, sort_order: index + 1 })),
  });
  const plan = await createPlanThroughApi(adminApi, baseURL!, projectId, 'Sprint 1', null, [created.id]);
  const tests = (await (await adminApi.get(`/api/v2/tests/?project=${projectId}&plan=${plan}`)).json()) as {
    results: Array<{ id: number }>;
  };
  const address = `/projects/${projectId}/plans/${plan}?test=${tests.results[0]!.id}`;
  await signIn(page);

  await test.step('every step Passed at one click; the toast stands beside the drawer', async () => {
    await page.goto(address);
    await expect(drawer(page).getByRole('heading', { name: 'Sign in' })).toBeVisible();
    const notice = await addResultToEveryStep(page, null);
    expect(await overlap(notice, drawer(page)), 'the toast leaves the drawer free').toBe(false);
    await keepScreenshot(page, 'toast-beside-test-drawer');
  });

  await test.step(
    'widened to most of the window, the drawer still keeps its ' + 'header and buttons clear; every step Failed from the menu',
    async () => {
      await page.evaluate("window.localStorage.setItem('test-drawer-width', '5000')");
      await page.reload();
      await expect(drawer(page).getByRole('heading', { name: 'Sign in' })).toBeVisible();
      const notice = await addResultToEveryStep(page, 'Failed');
      const width = (await drawer(page).boundingBox())!.width;
      expect(width).toBeGreaterThan(0.65 * page.viewportSize()!.width);
      expect(await overlap(notice, drawer(page)), 'the toast leaves the widened drawer free').toBe(false);
      await keepScreenshot(page, 'toast-beside-wide-test-drawer');
    },
  );

  await test.step('with the drawer closed, toasts take the middle of the window again', async () => {
    await drawer(page).getByRole('button', { name: 'Close' }).first().click();
    await expect(drawer(page)).toHaveCount(0);
    expect(await page.evaluate<string>("document.documentElement.style.getPropertyValue('--open-drawer-width')")).toBe('');
  });
});
