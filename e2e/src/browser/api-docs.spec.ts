import { expect, test } from './fixtures.ts';

test.describe('API docs', () => {
  test('the browsable docs render every resource of the OpenAPI document, and an operation opens with its schema', async ({ page }) => {
    await page.goto('/api/v2/docs/');
    // Swagger UI reads and lays out the whole document (some 240 operations) before it shows anything: seconds on a busy machine.
    await expect(page.getByRole('heading', { name: /Testament API/ })).toBeVisible({ timeout: 30_000 });
    for (const resource of ['projects', 'statuses', 'users', 'attachments']) {
      // A tag's heading reads "projects Collapse operation".
      await expect(page.getByRole('heading', { name: new RegExp(`^${resource} `) })).toBeVisible();
    }
    await page.getByText('Projects the caller may see, favourites first').click();
    await expect(page.getByText('is_manageable').first()).toBeVisible();
  });
});
