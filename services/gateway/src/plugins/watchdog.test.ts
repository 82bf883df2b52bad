import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type Browser, type TestServer } from '../testing/harness.ts';
import { holdEventLoop } from '../testing/hold-event-loop.ts';

let server: TestServer;
let admin: Browser;

beforeAll(async () => {
  server = await startTestServer({ writeWaitMs: 60_000 });
  admin = await server.signedIn('admin');
});
afterAll(() => server.close());

describe('event-loop watchdog', () => {
  it('warns when the event loop is held over 50 ms, naming the routes in flight', async () => {
    const warn = vi.spyOn(server.app.log, 'warn');
    await server.system.runner.stop();
    // A write kept in flight: it waits for read models that do not move.
    const pending = admin.post('/api/v2/projects/', { name: 'In flight' });
    try {
      await vi.waitFor(() => expect(server.system.progress.waiting).toBe(1), { timeout: 10_000 });
      holdEventLoop(120);
      await vi.waitFor(() =>
        expect(warn).toHaveBeenCalledWith(
          { stalledMs: expect.toSatisfy((ms: number) => ms > 50), routes: expect.arrayContaining(['POST /api/v2/projects/']) },
          'the event loop was blocked',
        ),
      );
    } finally {
      await server.system.runner.start();
      warn.mockRestore();
    }
    expect((await pending).statusCode).toBe(201);
  });
});
