import { auditMessages } from '@testament/contracts';
import { AUDIT_RUNNER } from '@testament/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCase, createSuite } from '../../testing/builders.ts';
import { startTestServer, type Browser, type TestServer } from '../../testing/harness.ts';

let server: TestServer;
let admin: Browser;

beforeAll(async () => {
  server = await startTestServer({ writeWaitMs: 300, auditThread: true });
  admin = await server.signIn('admin');
});

afterAll(() => server.close());

describe('the audit trail folding behind the read models', () => {
  it(
    'keeps the screens served while it lags, answers its own reads ' + '503 with how far it is, and shows every change once caught up',
    async () => {
      const project = (await admin.post('/api/v2/projects/', { name: 'Lagging trail' })).json().id as number;
      const suite = await createSuite(admin, project, 'Suite');
      const created = await createCase(admin, project, suite, { name: 'Before the pause' });
      await server.system.audit.stop();

      const renamed = await admin.put(`/api/v2/cases/${created.id}/`, { ...created, suite, name: 'While it lags' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const ready = (await server.app.inject('/readyz')).json();
      expect(ready).toMatchObject({ status: 'ready', position: server.system.progress.current });
      expect(ready.audit_position).toBeLessThan(ready.position);

      const lagging = await admin.get(`/api/v2/audit/events/?project=${project}`);
      expect(lagging.statusCode).toBe(503);
      expect(lagging.headers['retry-after']).toBe('1');
      expect(lagging.json()).toEqual({ detail: auditMessages.catchingUp(ready.audit_position, ready.position) });
      expect((await admin.get(`/api/v2/cases/${created.id}/?as_of=${new Date().toISOString()}`)).statusCode).toBe(503);
      expect((await server.browser().get(`/api/v2/audit/events/?project=${project}`)).statusCode).toBe(401);

      const restarted = server.system.audit.start();
      const caughtUp = await admin.get(`/api/v2/audit/events/?project=${project}&object_type=case&ordering=position`);
      expect(caughtUp.statusCode, caughtUp.body).toBe(200);
      expect(caughtUp.json().results.map((row: { object: { name: string } }) => row.object.name)).toEqual([
        'Before the pause',
        'While it lags',
      ]);
      await restarted;
      expect(server.system.progress.positionOf(AUDIT_RUNNER)).toBeGreaterThanOrEqual(server.system.progress.current);
    },
  );
});
