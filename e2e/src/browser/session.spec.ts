import { readFileSync } from 'node:fs';
import { createProjectThroughApi, expect, logIn, test } from './fixtures.ts';

/** Where the footer points by default: the project's own tracker and documentation. */
const project = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  homepage: string;
  bugs: { url: string };
};

test.describe('session', () => {
  test.use({
    // Nobody signed in is an answer, not a 401 (the console stays clean); a wrong password is refused with 400.
    expectedFailures: { '/auth/login/': 400 },
  });

  test('an anonymous visit goes to /login and returns to the remembered page after logging in', async ({ page, adminApi, baseURL }) => {
    const projectId = await createProjectThroughApi(adminApi, baseURL!, `Remembered ${Date.now()}`);
    await page.goto(`/projects/${projectId}/overview`);
    await expect(page).toHaveURL(`/login?nextPage=${encodeURIComponent(`/projects/${projectId}/overview`)}`);

    await logIn(page);
    await expect(page).toHaveURL(`/projects/${projectId}/overview`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Remembered');
    await expect(page.getByText('Editable test results')).toBeVisible();
  });

  test('a wrong password is refused with the server message, and logout ends the session', async ({ page }) => {
    await page.goto('/login');
    await logIn(page, { username: 'admin', password: 'not-the-password' });
    await expect(page.getByRole('alert')).toHaveText('Unable to log in with provided credentials.');

    await logIn(page);
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
    await page.getByRole('link', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/login');

    await page.goto('/');
    await expect(page).toHaveURL('/login');
  });

  test('the footer points at the project by default; an unknown address shows the 404 page with the way back', async ({ page }) => {
    await page.goto('/login');
    await logIn(page);
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Report an issue' })).toHaveAttribute('href', project.bugs.url);
    await expect(footer.getByRole('link', { name: 'Documentation' })).toHaveAttribute('href', project.homepage);
    await page.goto('/no/such/page');
    await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
    await page.getByRole('button', { name: 'Back to home' }).click();
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  });
});
