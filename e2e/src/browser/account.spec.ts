import { request } from '@playwright/test';
import { createProjectThroughApi, createUserThroughApi, expect, keepScreenshot, signIn, test, toast, uniqueName } from './fixtures.ts';

test.describe('API tokens', () => {
  // A wrong password is refused with 400.
  test.use({ expectedFailures: { '/api/token/obtain/': 400 } });

  test('a user creates a token, sees its key once, scripts use it without CSRF, and a revoked one is refused', async ({
    page,
    adminApi,
    baseURL,
  }) => {
    const person = await createUserThroughApi(adminApi, baseURL!, 'scripter');
    await signIn(page, person);
    await page.getByRole('link', { name: 'Profile' }).click();
    const tokens = page.getByRole('table', { name: 'API tokens' });
    await expect(tokens.getByText('No API tokens')).toBeVisible();

    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API token' });
    await dialog.getByLabel('Description').fill('Nightly CI');
    await dialog.getByLabel('Expires').fill('2099-01-31');
    // A click outside closes the date picker; on a busy machine the first may land before the picker listens for it.
    await expect(async () => {
      await dialog.getByLabel('Description').click();
      await expect(page.locator('.p-datepicker')).toBeHidden({ timeout: 1_000 });
    }).toPass();
    await dialog.getByLabel('Your password').fill('not my password');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Unable to log in with provided credentials.')).toBeVisible();
    await dialog.getByLabel('Your password').fill(person.password);
    await dialog.getByRole('button', { name: 'Create' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new API token' });
    await expect(shown.getByText('Copy the key now: it will not be shown again.')).toBeVisible();
    const key = await shown.getByRole('textbox', { name: 'Key' }).inputValue();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    await shown.getByRole('button', { name: 'Done' }).click();
    const row = tokens.getByRole('row').filter({ hasText: 'Nightly CI' });
    await expect(row).toContainText('Jan 31, 2099');
    await expect(row).toContainText('Valid');
    await keepScreenshot(page, 'profile-api-tokens');
    await expect(page.getByText(key)).toHaveCount(0);

    const script = await request.newContext({ baseURL: baseURL!, extraHTTPHeaders: { Authorization: `Token ${key}` } });
    expect(((await (await script.get('/api/v2/users/me/')).json()) as { username: string }).username).toBe(person.username);
    // Token callers send no CSRF header and no Origin.
    expect((await script.patch('/api/v2/users/me/', { data: { first_name: 'Bot' } })).status()).toBe(200);

    await row.getByRole('button', { name: 'Revoke Nightly CI' }).click();
    await page.getByRole('dialog', { name: 'Revoke API token' }).getByRole('button', { name: 'Revoke' }).click();
    await expect(toast(page, 'Token revoked')).toBeVisible();
    await expect(tokens.getByText('No API tokens')).toBeVisible();
    expect((await script.get('/api/v2/users/me/')).status()).toBe(401);
    await script.dispose();
  });

  test('a token kept to one project with the read scope alone reads that project and nothing else, and changes nothing', async ({
    page,
    adminApi,
    baseURL,
  }) => {
    const person = await createUserThroughApi(adminApi, baseURL!, 'reader');
    const kept = uniqueName('Kept project');
    const keptId = await createProjectThroughApi(adminApi, baseURL!, kept);
    const otherId = await createProjectThroughApi(adminApi, baseURL!, uniqueName('Other project'));
    await signIn(page, person);
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API token' });
    await dialog.getByLabel('Description').fill('Dashboard reader');
    // Every scope the user may hold is offered and chosen; an ordinary user is offered no admin scope.
    await expect(dialog.getByRole('checkbox', { name: /^Read/ })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: /^Administer/ })).toHaveCount(0);
    await dialog.getByRole('checkbox', { name: /^Write/ }).uncheck();
    await dialog.getByRole('checkbox', { name: /^Import/ }).uncheck();
    await dialog.locator('.p-dropdown').click();
    await page.locator('.p-dropdown-filter').fill(kept);
    await page.getByRole('option', { name: kept }).click();
    await keepScreenshot(page, 'api-token-dialog-scoped');
    await dialog.getByLabel('Your password').fill(person.password);
    await dialog.getByRole('button', { name: 'Create' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new API token' });
    const key = await shown.getByRole('textbox', { name: 'Key' }).inputValue();
    await shown.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('table', { name: 'API tokens' }).getByRole('row').filter({ hasText: 'Dashboard reader' });
    await expect(row).toContainText('Read');
    await expect(row).toContainText(kept);

    const script = await request.newContext({ baseURL: baseURL!, extraHTTPHeaders: { Authorization: `Token ${key}` } });
    expect((await script.get(`/api/v2/projects/${keptId}/`)).status()).toBe(200);
    expect((await script.get(`/api/v2/projects/${otherId}/`)).status()).toBe(403);
    const write = await script.post('/api/v2/suites/', { data: { name: 'Not made', project: keptId } });
    expect(write.status()).toBe(403);
    expect(await write.json()).toEqual({ detail: 'This token does not have the "write" scope.' });
    await script.dispose();
  });
});

test(
  'system messages: a superuser posts banners; everyone sees them ' + 'live, closable ones can be hidden, the login page shows them too',
  async ({ page, openBrowser, adminApi, baseURL }) => {
    const person = await createUserThroughApi(adminApi, baseURL!, 'reader');
    const reader = await openBrowser();
    await signIn(reader, person);
    await signIn(page);
    await page.getByRole('link', { name: 'System messages' }).click();

    const post = async (content: string, level: string, closable: boolean) => {
      await page.getByRole('button', { name: 'Create message' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create system message' });
      await dialog.getByLabel('Message').fill(content);
      await dialog.locator('.p-dropdown').click();
      await page.locator('.p-dropdown-panel').getByRole('option', { name: level }).click();
      if (!closable) await dialog.getByText('Users may close it').click();
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(toast(page, 'Message created')).toBeVisible();
    };
    await post('Maintenance tonight at 22:00', 'Warning', true);
    await post('Welcome to the test server', 'Info', false);

    const banners = reader.getByRole('region', { name: 'System messages' });
    await expect(banners.getByText('Maintenance tonight at 22:00')).toBeVisible();
    await expect(banners.getByText('Welcome to the test server')).toBeVisible();
    await expect(banners.locator('.p-inline-message-warn')).toContainText('Maintenance');

    await test.step('a closable banner is hidden, and stays hidden; the other one cannot be', async () => {
      await expect(banners.getByRole('button', { name: 'Hide this message' })).toHaveCount(1);
      await banners.getByRole('button', { name: 'Hide this message' }).click();
      await expect(banners.getByText('Maintenance tonight at 22:00')).toBeHidden();
      await reader.reload();
      await expect(banners.getByText('Welcome to the test server')).toBeVisible();
      await expect(banners.getByText('Maintenance tonight at 22:00')).toBeHidden();
    });

    await test.step('the login page shows the banners to anyone', async () => {
      const visitor = await openBrowser();
      await visitor.goto('/login');
      await expect(visitor.getByRole('region', { name: 'System messages' }).getByText('Welcome to the test server')).toBeVisible();
    });

    await test.step('deleted banners go away everywhere', async () => {
      for (const content of ['Maintenance tonight at 22:00', 'Welcome to the test server']) {
        await page
          .getByRole('row')
          .filter({ hasText: content })
          .getByRole('button', { name: /^Delete / })
          .click();
        await page.getByRole('dialog', { name: 'Delete system message' }).getByRole('button', { name: 'Delete' }).click();
        await expect(page.getByRole('row').filter({ hasText: content })).toHaveCount(0);
      }
      await expect(banners).toHaveCount(0);
    });
  },
);

test('a superuser defines a role with its permissions, offers it in access management, and cannot delete a seeded one', async ({
  page,
  adminApi,
  baseURL,
}) => {
  const roleName = uniqueName('Viewer');
  const projectId = await createProjectThroughApi(adminApi, baseURL!, uniqueName('Grants'));
  await signIn(page);
  await page.getByRole('link', { name: 'Roles', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: 'External user' })).toContainText('Superusers only');

  await page.getByRole('button', { name: 'Create role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create role' });
  await dialog.getByLabel('Name').fill(roleName);
  await dialog.locator('.p-multiselect').click();
  await page.locator('.p-multiselect-panel').getByRole('option', { name: 'Can view project' }).click();
  await dialog.locator('.p-multiselect').click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Role created')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: roleName })).toContainText('Permissions: 1');

  await expect(page.getByRole('button', { name: 'Edit Admin' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Admin' })).toHaveCount(0);

  await page.goto(`/projects/${projectId}/access-management`);
  await page.getByRole('button', { name: 'Add user' }).click();
  await page.getByRole('dialog', { name: 'Add user access' }).locator('.p-multiselect').click();
  await expect(page.getByRole('option', { name: roleName })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/administration/roles');
  await page.getByRole('button', { name: `Delete ${roleName}` }).click();
  await page.getByRole('dialog', { name: 'Delete role' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Role deleted')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: roleName })).toHaveCount(0);
});

test('the administration screens are for superusers: an ordinary user gets the no-permission page and never sees e-mails', async ({
  page,
  adminApi,
  baseURL,
}) => {
  const person = await createUserThroughApi(adminApi, baseURL!, 'ordinary');
  await signIn(page, person);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Users' })).toHaveCount(0);
  for (const screen of ['users', 'roles', 'system-messages']) {
    await page.goto(`/administration/${screen}`);
    await expect(page.getByText('You do not have permission to access this page.')).toBeVisible();
    await expect(page.getByText('@example.test')).toHaveCount(0);
  }
  await page.getByRole('button', { name: 'Back to home' }).click();
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
});
