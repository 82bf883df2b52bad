import { ADMIN } from './server.ts';
import { startReceiver } from '@testament/gateway/testing/webhook-receiver';
import { createHmac } from 'node:crypto';
import { createProjectThroughApi, expect, keepScreenshot, signIn, test, uniqueName } from './fixtures.ts';

test('webhooks: made in the project settings, the secret shown once, a ping delivered and logged with its status code', async ({
  page,
  adminApi,
  baseURL,
}) => {
  const receiver = await startReceiver([200]);
  try {
    const projectId = await createProjectThroughApi(adminApi, baseURL!, uniqueName('Hooked'));
    await signIn(page, ADMIN, `/projects/${projectId}/settings`);
    await expect(page.getByRole('heading', { level: 2, name: 'Webhooks' })).toBeVisible();

    let secret = '';
    await test.step('add a webhook; its secret is shown this once', async () => {
      await page.getByRole('button', { name: 'Add webhook', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add webhook' });
      await dialog.getByLabel('Name').fill('Receiver');
      await dialog.getByLabel('Payload URL').fill('ftp://example.com/');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(dialog.getByText('Enter a valid http or https URL.')).toBeVisible();
      await dialog.getByLabel('Payload URL').fill(receiver.url);
      await dialog.getByLabel(/Plan finished/).check();
      await dialog.getByRole('button', { name: 'Create' }).click();

      const shown = page.getByRole('dialog', { name: 'Signing secret of Receiver' });
      await expect(shown.getByText('Copy the secret now: it will not be shown again.')).toBeVisible();
      secret = await shown.getByLabel('Secret', { exact: true }).inputValue();
      expect(secret).toMatch(/^whsec_/);
      await keepScreenshot(page, 'webhook-secret');
      await shown.getByRole('button', { name: 'Done' }).click();
      await expect(shown).toBeHidden();
      const table = page.getByRole('table', { name: 'Webhooks' });
      await expect(table.getByRole('row').filter({ hasText: 'Receiver' })).toContainText('Plan finished, Result failed');
      await expect(page.getByText(secret)).toHaveCount(0);
    });

    await test.step('send a test ping: the receiver gets it signed, the log shows its status code', async () => {
      await page.getByRole('button', { name: 'Send a test ping to Receiver' }).click();
      const log = page.getByRole('table', { name: 'Deliveries of Receiver' });
      const row = log.getByRole('row').filter({ hasText: 'Ping' });
      await expect(row).toContainText('Delivered', { timeout: 15_000 });
      await expect(row).toContainText('200');
      expect(receiver.received).toHaveLength(1);
      const [{ headers, body }] = receiver.received as [(typeof receiver.received)[number]];
      const signed = `sha256=${createHmac('sha256', secret).update(`${headers['x-testament-timestamp']}.${body}`).digest('hex')}`;
      expect(headers['x-testament-signature']).toBe(signed);
      expect(JSON.parse(body)).toMatchObject({ event: 'ping', project: { id: projectId }, id: headers['x-testament-delivery'] });
      await expect(row).toContainText(String(headers['x-testament-delivery']));
      await keepScreenshot(page, 'webhook-deliveries');
    });
  } finally {
    await receiver.close();
  }
});
