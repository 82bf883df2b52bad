import { join } from 'node:path';
import { chooseLanguage, createProjectThroughApi, expect, keepScreenshot, logIn, signIn, test, uniqueName } from './fixtures.ts';
import type { Page } from '@playwright/test';

/** A valid 1x1 PNG, the project's icon. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Markdown with blocks (a heading, paragraphs, a list) and a link, several times longer than three lines. */
const LONG_DESCRIPTION =
  `## Goals\n\n${'A **long** flight to the moon and back. '.repeat(8)}\n\n- land\n- walk, ` +
  `see [the map](https://example.com/map)\n- return\n\n${'Then more of it. '.repeat(20)}`;

const card = (page: Page, name: string) => page.getByTestId('project-card').filter({ hasText: name });

async function searchFor(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search projects' }).fill(text);
}

test('a project from creation to deletion, through search, favourites, views, languages, themes and the archive', async ({
  page,
}, testInfo) => {
  const name = uniqueName('Journey');
  await page.goto('/login');
  await logIn(page);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();

  await test.step('create it with an icon', async () => {
    await page.getByRole('button', { name: 'Create project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create project' });
    await expect(dialog.getByRole('button', { name: 'Create', exact: true })).toBeDisabled();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Description').fill('Checks every step a project goes through.');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByText('icon.png')).toBeVisible();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog).toBeHidden();
    // Found by name: earlier specs' projects may fill the first page.
    await searchFor(page, name);
    await expect(card(page, name).locator('.p-avatar img')).toHaveAttribute('src', /\/icon\//);
  });

  await test.step('find it by search', async () => {
    await searchFor(page, 'no project is called like this');
    await expect(page.getByText('No projects found')).toBeVisible();
    await searchFor(page, name.toUpperCase());
    await expect(page.getByTestId('project-card')).toHaveCount(1);
    await expect(card(page, name)).toBeVisible();
  });

  await test.step('favourite it; Only favorites is saved in the user config', async () => {
    await card(page, name)
      .getByRole('button', { name: `Add ${name} to favorites` })
      .click();
    await expect(card(page, name).getByRole('button', { name: `Remove ${name} from favorites` })).toHaveAttribute('aria-pressed', 'true');
    await searchFor(page, '');
    await page.getByText('Only favorites').click();
    await expect(page.getByTestId('project-card')).toHaveCount(1);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Only favorites' })).toBeChecked();
    await expect(page.getByTestId('project-card')).toHaveCount(1);
    await page.getByText('Only favorites').click();
    await expect(page.getByRole('switch', { name: 'Only favorites' })).not.toBeChecked();
  });

  await test.step('switch to the table view, remembered after a reload', async () => {
    await page.getByRole('button', { name: 'Table' }).click();
    await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
    await page.getByRole('button', { name: 'Cards' }).click();
    await expect(card(page, name)).toBeVisible();
  });

  await test.step('switch the language to Russian and back', async () => {
    await chooseLanguage(page, 'Language', 'Русский');
    await expect(page.getByRole('heading', { name: 'Проекты' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Создать проект' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await chooseLanguage(page, 'Язык', 'English');
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  });

  await test.step('switch the theme; screenshots of both', async () => {
    const screenshots = join(testInfo.project.outputDir, 'screenshots');
    await searchFor(page, name);
    await expect(page.getByTestId('project-card')).toHaveCount(1);
    await page.getByRole('button', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.screenshot({ path: join(screenshots, 'dashboard-dark.png') });
    await page.getByRole('button', { name: 'Light' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.screenshot({ path: join(screenshots, 'dashboard-light.png') });
    // 'System' follows the operating system, and its changes while the page is open.
    await page.getByRole('button', { name: 'System' }).click();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  await test.step('open it: header and settings summary', async () => {
    await card(page, name).getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const summary = page.locator('.settings-summary');
    for (const [setting, value] of [
      ['Status', 'Active'],
      ['Type', 'Public'],
      ['Editable test results', 'Yes'],
      ['Result edit time', '1h'],
    ]) {
      await expect(summary.locator('.settings-summary__row').filter({ hasText: setting! })).toContainText(value!);
    }
    await page.getByRole('link', { name: 'Projects' }).click();
  });

  await test.step('archive it after the preview, then find it among the archived', async () => {
    await searchFor(page, name);
    await card(page, name)
      .getByRole('button', { name: `Actions for ${name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    const dialog = page.getByRole('dialog', { name: `Archive ${name}` });
    await expect(dialog.getByRole('list', { name: 'Affected objects' })).toContainText('The project itself');
    await dialog.getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByText('No projects found')).toBeVisible();
    await page.getByText('Show archived').click();
    await expect(card(page, name).getByText('Archived')).toBeVisible();
  });

  await test.step('unarchive it in the edit form', async () => {
    await card(page, name)
      .getByRole('button', { name: `Actions for ${name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit project' });
    await dialog.getByText('Archived').click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await page.getByText('Show archived').click();
    await expect(card(page, name)).toBeVisible();
    await expect(card(page, name).getByText('Archived')).toBeHidden();
  });

  await test.step('delete it after the preview', async () => {
    await card(page, name)
      .getByRole('button', { name: `Actions for ${name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${name}` });
    await expect(dialog.getByRole('list', { name: 'Affected objects' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No projects found')).toBeVisible();
  });
});

test('a description is markdown: bold on the card, in the table and on the project page; a long one clamped to three lines', async ({
  page,
  adminApi,
  baseURL,
}) => {
  const prefix = uniqueName('Markdown');
  const [short, long] = [`${prefix} short`, `${prefix} long`];
  await createProjectThroughApi(adminApi, baseURL!, short, { description: '**Apollo** mission' });
  const longId = await createProjectThroughApi(adminApi, baseURL!, long, { description: LONG_DESCRIPTION });
  await signIn(page);
  await searchFor(page, prefix);
  const description = (name: string) => card(page, name).locator('.project-card__description');

  await test.step('the card and the table show bold text, not asterisks', async () => {
    await expect(description(short).locator('strong')).toHaveText('Apollo');
    await expect(description(short)).toHaveText('Apollo mission');
    await page.getByRole('button', { name: 'Table' }).click();
    const row = page.getByRole('row').filter({ hasText: short });
    await expect(row.locator('strong')).toHaveText('Apollo');
    await expect(row).not.toContainText('**');
    await page.getByRole('button', { name: 'Cards' }).click();
  });

  await test.step('a long description fills exactly three lines of its card, its link as plain text', async () => {
    await expect(description(long)).toContainText('walk, see the map');
    await expect(description(long).locator('a')).toHaveCount(0);
    const oneLine = (await description(short).boundingBox())!.height;
    const clamped = (await description(long).boundingBox())!.height;
    expect(clamped).toBeCloseTo(3 * oneLine, 0);
    await keepScreenshot(page, 'markdown-cards');
  });

  await test.step('the project page shows it bold, and a long one behind Show more', async () => {
    await card(page, short).getByRole('link', { name: short }).click();
    const header = page.locator('.project-header__description');
    await expect(header.locator('strong')).toHaveText('Apollo');
    await expect(header).not.toContainText('**');
    await expect(header.getByRole('button')).toHaveCount(0);

    await page.goto(`/projects/${longId}/overview`);
    const showMore = header.getByRole('button', { name: 'Show more' });
    await expect(showMore).toBeVisible();
    const collapsed = (await header.boundingBox())!.height;
    await showMore.click();
    await expect(header.getByRole('button', { name: 'Show less' })).toBeVisible();
    expect((await header.boundingBox())!.height).toBeGreaterThan(collapsed);
  });
});

test('the project form shows its validation messages', async ({ page }) => {
  await page.goto('/login');
  await logIn(page);
  await page.getByRole('button', { name: 'Create project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create project' });
  await dialog.getByLabel('Name').fill('   ');
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog.getByText('This field may not be blank.')).toBeVisible();
  await expect(dialog.getByText('notes.txt is not a png or jpg file')).toBeVisible();
  // Closing with changes asks first.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Do you want to close?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(dialog).toBeHidden();
});

test('a project created in one browser appears in another one without a reload', async ({ browser, baseURL }) => {
  const name = uniqueName('Live');
  const [first, second] = await Promise.all([browser.newContext({ baseURL: baseURL! }), browser.newContext({ baseURL: baseURL! })]);
  const [creator, watcher] = await Promise.all([first.newPage(), second.newPage()]);
  for (const page of [creator, watcher]) {
    await page.goto('/login');
    await logIn(page);
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  }

  // The watcher looks for it by name (earlier specs' projects may fill the first page) before it exists.
  await searchFor(watcher, name);
  await expect(watcher.getByText('No projects found')).toBeVisible();
  await creator.getByRole('button', { name: 'Create project' }).click();
  await creator.getByRole('dialog').getByLabel('Name').fill(name);
  await creator.getByRole('dialog').getByRole('button', { name: 'Create', exact: true }).click();

  await expect(card(watcher, name)).toBeVisible();
  await Promise.all([first.close(), second.close()]);
});
